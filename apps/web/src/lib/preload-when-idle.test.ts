import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runWhenIdle } from './preload-when-idle';

/** A piece of deferred work that finishes when the test says so. */
function piece() {
  let finish = () => {};
  const work = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { work, finish: () => finish() };
}

describe('runWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no idle callbacks: the queue falls back to a timer, which the test drives.
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs pieces asked for together one after another, each in an idle moment of its own', async () => {
    const first = piece();
    const second = piece();
    runWhenIdle(first.work);
    runWhenIdle(second.work);
    expect(first.work).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1000);
    expect(first.work).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(3000);
    expect(second.work).not.toHaveBeenCalled();

    first.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(second.work).toHaveBeenCalledOnce();
    second.finish();
    await vi.advanceTimersByTimeAsync(1000);
  });

  it('leaves out a piece taken back before its turn, and goes on after one that failed', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const takenBack = piece();
    const last = piece();
    runWhenIdle(failing);
    const cancel = runWhenIdle(takenBack.work);
    runWhenIdle(last.work);
    cancel();

    await vi.advanceTimersByTimeAsync(1000);
    expect(failing).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1000);
    expect(takenBack.work).not.toHaveBeenCalled();
    expect(last.work).toHaveBeenCalledOnce();
    last.finish();
    await vi.advanceTimersByTimeAsync(1000);
  });

  it('does not hold the next piece back behind one that never finishes', async () => {
    const stuck = piece();
    const next = piece();
    runWhenIdle(stuck.work);
    runWhenIdle(next.work);

    await vi.advanceTimersByTimeAsync(1000);
    expect(stuck.work).toHaveBeenCalledOnce();
    // The stuck piece's time is up after five seconds; the next one then waits for an idle moment.
    await vi.advanceTimersByTimeAsync(6000);
    expect(next.work).toHaveBeenCalledOnce();
    next.finish();
    await vi.advanceTimersByTimeAsync(1000);
  });
});

describe('runWhenIdle on a browser that is never idle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Idle callbacks that only ever come when their timeout is up.
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) =>
      setTimeout(run, options?.timeout ?? 60_000),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('still runs every piece, each after at most a couple of seconds of waiting', async () => {
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.resolve());
    runWhenIdle(first);
    runWhenIdle(second);

    await vi.advanceTimersByTimeAsync(2000);
    expect(first).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2000);
    expect(second).toHaveBeenCalledOnce();
  });
});
