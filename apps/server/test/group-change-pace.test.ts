import { paceBudgets } from '@naav/api/server';
import { beforeAll, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

// The pace of group changes is kept by each server process (see docs/security.md), so this is not
// a REST contract file, which the two-server suite replays across a pair of servers.
let server: TestServer;
let traveller: string;
let traveller2: string;
const { send } = restCalls(
  () => server,
  () => traveller,
);

beforeAll(async () => {
  server = await createTestServer();
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

it('renames beyond a user’s pace wait their turn, those beyond the longest wait are 429 with Retry-After, and another user is not held back', {
  timeout: 60_000,
}, async () => {
  const { burst, perSecond, maxWaitMs } = paceBudgets.groupChanges;
  const mine = await json<{ id: string }>(await send('POST', '/api/family/groups', { name: 'Ours', type: 'family' }));
  const theirs = await json<{ id: string }>(
    await send('POST', '/api/family/groups', { name: 'Theirs', type: 'friends' }, traveller2),
  );
  const waiting = Math.floor((maxWaitMs / 1000) * perSecond);
  const sent = 2 * burst + waiting;
  // The order answers arrive in: the other user's rename is not queued behind this user's turns.
  const order: string[] = [];
  const [answers, other] = await Promise.all([
    Promise.all(
      Array.from({ length: sent }, (_, i) =>
        send('PATCH', `/api/family/groups/${mine.id}`, { name: `Ours ${i}` }).then((res) => {
          order.push(`mine ${res.status}`);
          return res;
        }),
      ),
    ),
    send('PATCH', `/api/family/groups/${theirs.id}`, { name: 'Theirs, renamed' }, traveller2).then((res) => {
      order.push('other');
      return res;
    }),
  ]);
  expect(order.slice(order.indexOf('other')).filter((a) => a === 'mine 200').length).toBeGreaterThan(0);
  expect((await json<{ name: string }>(other)).name).toBe('Theirs, renamed');
  const statuses = answers.map((r) => r.status);
  // The burst at once, then those whose turn comes within the longest wait; only the rest are refused.
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(burst + waiting);
  const refused = answers.filter((r) => r.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.length + statuses.filter((s) => s === 200).length).toBe(sent);
  for (const res of refused) {
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await restError(res, 429, 'TOO_MANY_REQUESTS')).message).toMatch(/^Too many changes to family groups/);
  }
  for (const res of answers.filter((r) => r.status === 200)) await res.arrayBuffer();
});
