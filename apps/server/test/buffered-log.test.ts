import { afterEach, describe, expect, it, vi } from 'vitest';
import { bufferedLog } from '../src/request-log';

describe('bufferedLog', () => {
  afterEach(() => vi.useRealTimers());

  it('writes the lines gathered since the last write at once, in order, every interval', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = bufferedLog({ write: (text: string) => writes.push(text) }, 100);
    log.write('GET /a 200 1.0ms');
    log.write('GET /b 404 0.4ms');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(writes).toEqual(['GET /a 200 1.0ms\nGET /b 404 0.4ms\n']);
    // Nothing new: nothing written.
    vi.advanceTimersByTime(500);
    expect(writes).toHaveLength(1);
    log.write('POST /c 201 3.2ms');
    log.flush();
    expect(writes).toEqual(['GET /a 200 1.0ms\nGET /b 404 0.4ms\n', 'POST /c 201 3.2ms\n']);
  });

  it('writes without waiting once 16 KB are gathered', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const log = bufferedLog({ write: (text: string) => writes.push(text) }, 60_000);
    const line = `GET /api/trips/${'x'.repeat(90)} 200 1.0ms`;
    for (let i = 0; i < 200; i++) log.write(line);
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(
      writes
        .join('')
        .split('\n')
        .filter(Boolean)
        .every((l) => l === line),
    ).toBe(true);
    log.flush();
    expect(writes.join('').split('\n').filter(Boolean)).toHaveLength(200);
  });
});
