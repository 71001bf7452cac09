import { describe, expect, it, vi } from 'vitest';
import { warmIntl } from './warm-intl';

describe('warmIntl', () => {
  it('loads Intl step by step, each step in a task of its own, after the one before', () => {
    const tasks: Array<() => void> = [];
    const collator = vi.spyOn(Intl, 'Collator');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    warmIntl((run) => tasks.push(run));
    // Nothing runs where it is called: the first step waits for a task of its own.
    expect(tasks).toHaveLength(1);
    expect(collator).not.toHaveBeenCalled();

    let ran = 0;
    while (tasks.length > 0) {
      tasks.shift()?.();
      ran += 1;
      // Each task queues the next step only once its own is done.
      expect(tasks.length).toBeLessThanOrEqual(1);
    }
    expect(ran).toBe(6);
    expect(collator).toHaveBeenCalledOnce();
    expect(numbers).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });

  it('goes on past a formatter the browser does not have', () => {
    const tasks: Array<() => void> = [];
    vi.spyOn(Intl, 'ListFormat').mockImplementation(() => {
      throw new TypeError('Intl.ListFormat is not a constructor');
    });
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    warmIntl((run) => tasks.push(run));
    while (tasks.length > 0) tasks.shift()?.();
    expect(dates).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });
});
