import { useEffect } from 'react';

/**
 * Work the first screen does not need (code of menus and panels, the service worker's
 * registration) runs after the page has loaded, one piece per idle moment of the browser: pieces
 * asked for together would otherwise arrive and run together, in one long task a tap would wait
 * behind on a slow phone.
 *
 * Nothing waits for long: a busy browser that never goes idle still runs a piece within
 * `idleTimeoutMs`, and a piece that has not finished (a download stuck on a slow network) holds
 * the next one back at most `pieceTimeoutMs`. Nothing the traveller does waits for the queue
 * either: a menu opened before its code came loads it there and then.
 */
const idleTimeoutMs = 2000;
const pieceTimeoutMs = 5000;

const waiting: Array<() => Promise<unknown>> = [];
let running = false;

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: idleTimeoutMs });
  else setTimeout(run, 1000);
}

function runNext() {
  const next = waiting.shift();
  if (!next) {
    running = false;
    return;
  }
  // The next piece waits for this one to have arrived and run (or for its time to be up), then
  // for another idle moment.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, pieceTimeoutMs);
  });
  void Promise.race([next().catch(() => undefined), timeUp]).then(() => {
    clearTimeout(timer);
    whenIdle(runNext);
  });
}

function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    run();
    return () => {};
  }
  addEventListener('load', run, { once: true });
  return () => removeEventListener('load', run);
}

/**
 * Runs `work` in an idle moment after the page has loaded, after the pieces asked for before it.
 * The returned function takes it out of the queue if it has not started yet.
 */
export function runWhenIdle(work: () => Promise<unknown>): () => void {
  let queued = false;
  const enqueue = () => {
    queued = true;
    waiting.push(work);
    if (running) return;
    running = true;
    whenIdle(runNext);
  };
  const stopWaitingForLoad = afterLoad(enqueue);
  return () => {
    stopWaitingForLoad();
    if (!queued) return;
    const index = waiting.indexOf(work);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * Loads a piece of the header that opens on demand (a menu, a panel) once the page has loaded and
 * the browser is idle, so its first opening, by pointer or keyboard, does not wait for the network.
 * Pointing at or focusing its button loads it sooner. A load that fails is tried again on opening.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => runWhenIdle(load), [load]);
}
