import { unsubscribeSecretOf, unsubscribeToken } from '@naav/api/server';
import { user } from '@naav/db/schema';
import { defaultChannels, notificationKinds } from '@naav/schemas/notifications';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, testOrigin, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Settings {
  channels: Record<string, { inbox: boolean; email: string }>;
  quietHours: { start: string; end: string } | null;
  timeZone: string | null;
}

const idOf = async (email: string) =>
  (await server.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('/api/notification-settings', () => {
  it('GET answers every kind with its default before anything is saved, no quiet hours', async () => {
    const settings = await json<Settings>(await get('/api/notification-settings'));
    expect(Object.keys(settings.channels).sort()).toEqual([...notificationKinds].sort());
    expect(settings).toEqual({ channels: defaultChannels, quietHours: null, timeZone: null });
    await restError(await get('/api/notification-settings', null), 401, 'UNAUTHORIZED');
  });

  it('PUT replaces the settings: kinds left out take the defaults, quiet hours and the browser zone are kept', async () => {
    const saved = await json<Settings>(
      await send('PUT', '/api/notification-settings', {
        channels: { proposal_new: { inbox: true, email: 'off' }, trip_changes: { inbox: false, email: 'instant' } },
        quietHours: { start: '22:00', end: '07:00' },
        timeZone: 'Asia/Tokyo',
      }),
    );
    expect(saved.channels['proposal_new']).toEqual({ inbox: true, email: 'off' });
    expect(saved.channels['trip_changes']).toEqual({ inbox: false, email: 'instant' });
    expect(saved.channels['flight_checkin']).toEqual(defaultChannels.flight_checkin);
    expect(saved).toMatchObject({ quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Asia/Tokyo' });
    expect(await json<Settings>(await get('/api/notification-settings'))).toEqual(saved);
    // Another person's settings are their own.
    expect(
      (await json<Settings>(await get('/api/notification-settings', traveller2))).channels['proposal_new'],
    ).toEqual(defaultChannels.proposal_new);

    // Without a zone the saved one stays; quiet hours off.
    const again = await json<Settings>(
      await send('PUT', '/api/notification-settings', { channels: {}, quietHours: null }),
    );
    expect(again).toEqual({ channels: defaultChannels, quietHours: null, timeZone: 'Asia/Tokyo' });
  });

  it('PUT refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await json<Settings>(await get('/api/notification-settings'));
    const bad = [
      [
        { channels: { proposal_new: { inbox: true, email: 'weekly' } }, quietHours: null },
        'channels.proposal_new.email',
      ],
      [{ channels: { no_such_kind: { inbox: true, email: 'off' } }, quietHours: null }, 'channels'],
      [{ channels: {}, quietHours: { start: '25:00', end: '07:00' } }, 'quietHours.start'],
      [{ channels: {}, quietHours: { start: '07:00', end: '07:00' } }, 'quietHours.end'],
      [{ channels: {}, quietHours: null, timeZone: 'Mars/Olympus' }, 'timeZone'],
    ] as const;
    for (const [body, field] of bad) {
      const error = await restError(await send('PUT', '/api/notification-settings', body), 400, 'BAD_REQUEST');
      expect(error.message).toContain(field);
    }
    expect(await json<Settings>(await get('/api/notification-settings'))).toEqual(before);
  });
});

describe('POST /api/notifications/unsubscribe', () => {
  it('needs no session; the right token turns e-mail off for its kind only, a wrong one is refused', async () => {
    const userId = await idOf('traveller2@naav.example');
    const secret = await unsubscribeSecretOf(server.db, userId);
    const token = unsubscribeToken(secret, userId, 'concierge_reply');
    const post = (t: string) =>
      server.request(`/api/notifications/unsubscribe?token=${encodeURIComponent(t)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });

    // Signed with another secret, for another kind, or for another person: refused, nothing changes.
    const forged = [
      unsubscribeToken('not-their-secret', userId, 'concierge_reply'),
      token.replace('concierge_reply', 'proposal_new'),
      token.replace(userId, await idOf('traveller@naav.example')),
      'nonsense',
    ];
    for (const t of forged) {
      const error = await restError(await post(t), 400, 'BAD_REQUEST');
      expect(error.message).toContain('This unsubscribe link is not valid');
    }
    expect((await json<Settings>(await get('/api/notification-settings', traveller2))).channels).toEqual(
      defaultChannels,
    );

    expect(await json(await post(token))).toEqual({
      kind: 'concierge_reply',
      label: 'Concierge replies',
      email: 'off',
    });
    const after = await json<Settings>(await get('/api/notification-settings', traveller2));
    expect(after.channels).toEqual({ ...defaultChannels, concierge_reply: { inbox: true, email: 'off' } });
    // Following it twice is fine.
    expect((await post(token)).status).toBe(200);
  });

  it('GET shows a page that asks first and changes nothing; its button posts from the app', async () => {
    const userId = await idOf('traveller2@naav.example');
    const token = unsubscribeToken(await unsubscribeSecretOf(server.db, userId), userId, 'flight_checkin');
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await server.request(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Stop these e-mails?');
    expect(html).toContain('Flight check-in');
    expect(html).toContain(`action="${url.replaceAll('&', '&amp;')}"`);
    expect(
      (await json<Settings>(await get('/api/notification-settings', traveller2))).channels['flight_checkin'],
    ).toEqual(defaultChannels.flight_checkin);

    const done = await server.request(url, {
      method: 'POST',
      headers: { accept: 'text/html', origin: testOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect(
      (await json<Settings>(await get('/api/notification-settings', traveller2))).channels['flight_checkin'],
    ).toEqual({ inbox: true, email: 'off' });
  });
});
