import { describe, expect, it } from 'vitest';
import { maskTokens } from '../src/request-log';
import { createTestServer, restCalls } from './harness';
import { json } from './http';

describe('the request log', () => {
  it('masks share and calendar tokens, on the API and the share page alike', { timeout: 30_000 }, async () => {
    const lines: string[] = [];
    const server = await createTestServer({ log: (line) => lines.push(line) });
    const cookie = await server.signIn('traveller@naav.example');
    const { send } = restCalls(
      () => server,
      () => cookie,
    );
    const { sharePath } = await json<{ sharePath: string }>(await send('POST', '/api/trips/trip-lisbon/share'));
    const { calendarPath } = await json<{ calendarPath: string }>(
      await send('POST', '/api/trips/trip-lisbon/calendar-subscription'),
    );
    const shareToken = sharePath.split('/').at(-1)!;
    const calendarToken = calendarPath
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    expect(shareToken.length).toBeGreaterThan(20);

    lines.length = 0;
    expect((await server.request(`/api/share/${shareToken}`)).status).toBe(200);
    expect((await server.request(calendarPath)).status).toBe(200);
    await server.request(`/share/${shareToken}`);
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/share\/\[token\] 200 \d+\.\dms$/),
      expect.stringMatching(/^GET \/api\/calendar\/\[token\]\.ics 200 \d+\.\dms$/),
      expect.stringMatching(/^GET \/share\/\[token\] 404 \d+\.\dms$/),
    ]);
    for (const line of lines) {
      expect(line).not.toContain(shareToken);
      expect(line).not.toContain(calendarToken);
    }
  });

  it('leaves every other path as it is', () => {
    expect(maskTokens('/api/trips/trip-lisbon/share')).toBe('/api/trips/trip-lisbon/share');
    expect(maskTokens('/api/trips/trip-lisbon/calendar.ics')).toBe('/api/trips/trip-lisbon/calendar.ics');
    expect(maskTokens('/share')).toBe('/share');
  });
});
