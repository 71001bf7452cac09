import { useEffect } from 'react';

/**
 * Loads a piece of the header that opens on demand (a menu, a panel) once the page has loaded and
 * the browser is idle, so its first opening, by pointer or keyboard, does not wait for the network.
 * Pointing at or focusing its button loads it sooner. A load that fails is tried again on opening.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    let cancel = () => {};
    const schedule = () => {
      const run = () => void load().catch(() => undefined);
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(run, { timeout: 4000 });
        cancel = () => cancelIdleCallback(handle);
      } else {
        const timer = setTimeout(run, 1000);
        cancel = () => clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') schedule();
    else addEventListener('load', schedule, { once: true });
    return () => {
      removeEventListener('load', schedule);
      cancel();
    };
  }, [load]);
}
