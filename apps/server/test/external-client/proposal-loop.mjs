// An integrator's script, as one would write it outside Naav: a client generated from the live
// /api/openapi.json (openapi-typescript's types, checked by `tsc --checkJs`, with openapi-fetch),
// API tokens made over the API, the proposal loop run with them, and a webhook receiver that
// verifies each delivery with `standardwebhooks` and keeps each event once by its webhook-id.
// The receiver answers the first delivery with a 500, so the event arrives after a retry.
//
// Input (environment): NAAV_URL, AGENT_EMAIL, CLIENT_EMAIL, PASSWORD.
// Output: one JSON line on stdout, {tripId, attempts: [{id, type, status}], kept: [{id, type, data}]}.
import { createServer } from 'node:http';
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';

/** @typedef {import('naav-api').paths} paths */
/** @typedef {NonNullable<paths['/tokens']['post']['requestBody']>['content']['application/json']['scopes']} Scopes */

const env = (/** @type {string} */ name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const baseUrl = `${env('NAAV_URL')}/api`;
const password = env('PASSWORD');

/**
 * The answer's body, or a thrown error naming the call and what the server said.
 * @template T
 * @param {string} what
 * @param {{ data?: T, error?: unknown, response: Response }} result
 * @returns {T}
 */
function ok(what, result) {
  if (result.error !== undefined || result.data === undefined)
    throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`);
  return result.data;
}

/** Signs in from this script (no Origin: a server-side client) and makes an API token. */
async function tokenFor(/** @type {string} */ email, /** @type {Scopes} */ scopes) {
  /** @type {import('openapi-fetch').Client<paths>} */
  const anonymous = createClient({ baseUrl });
  const signIn = await anonymous.POST('/auth/sign-in/email', { body: { email, password } });
  ok('sign in', signIn);
  const cookie = signIn.response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = ok(
    'make a token',
    await anonymous.POST('/tokens', { body: { name: 'Proposal loop', scopes }, headers: { cookie } }),
  );
  return created.token;
}

/** A client of the API that sends `token` as its Bearer credential. */
const clientWith = (/** @type {string} */ token) =>
  /** @type {import('openapi-fetch').Client<paths>} */ (
    createClient({ baseUrl, headers: { authorization: `Bearer ${token}` } })
  );

// The receiver: every attempt is logged; each event is kept once, by webhook-id.
let secret = '';
/** @type {{ id: string, type: string, status: number }[]} */
const attempts = [];
/** @type {Map<string, { id: string, type: string, data: Record<string, unknown> }>} */
const kept = new Map();
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    let event;
    try {
      event = /** @type {{ type: string, data: Record<string, unknown> }} */ (
        new Webhook(secret).verify(body, /** @type {Record<string, string>} */ (req.headers))
      );
    } catch {
      attempts.push({ id, type: 'unverified', status: 400 });
      res.writeHead(400).end();
      return;
    }
    // The first delivery fails, as a receiver that is briefly down would.
    const status = attempts.length === 0 ? 500 : 204;
    attempts.push({ id, type: event.type, status });
    if (status === 204 && !kept.has(id)) kept.set(id, { id, type: event.type, data: event.data });
    res.writeHead(status).end(status === 500 ? 'receiver is down' : undefined);
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = receiver.address();
const receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/naav`;

/** Waits (at most a minute) until `check` holds. */
async function until(/** @type {string} */ what, /** @type {() => boolean} */ check) {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(attempts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const day = (/** @type {number} */ n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

try {
  const agent = clientWith(await tokenFor(env('AGENT_EMAIL'), ['proposals:write']));
  const client = clientWith(await tokenFor(env('CLIENT_EMAIL'), ['proposals:write', 'trips:read']));

  const hook = ok(
    'make a webhook',
    await agent.POST('/webhooks', { body: { url: receiverUrl, events: ['proposal.accepted'] } }),
  );
  secret = hook.secret;

  const clients = ok('list clients', await agent.GET('/clients'));
  const traveller = clients.find((c) => c.email === env('CLIENT_EMAIL'));
  if (!traveller) throw new Error(`${env('CLIENT_EMAIL')} is not among the agent's clients`);
  const proposal = ok(
    'make a proposal',
    await agent.POST('/proposals', {
      body: {
        clientId: traveller.id,
        title: 'Porto weekend',
        destination: 'Porto, Portugal',
        description: 'Port cellars and tiles',
        startDate: day(40),
        endDate: day(42),
        expiryDate: day(20),
        budget: 2500,
        highlights: ['Port tasting'],
        inclusions: ['2 nights'],
        exclusions: ['Flights'],
      },
    }),
  );
  const path = { path: { id: proposal.id } };
  ok(
    'add an item',
    await agent.POST('/proposals/{id}/items', { params: path, body: { day: 1, title: 'Douro cruise' } }),
  );
  ok('submit', await agent.POST('/proposals/{id}/submit', { params: path }));
  const accepted = ok('accept', await client.POST('/proposals/{id}/accept', { params: path }));
  if (!accepted.tripId) throw new Error('the accepted proposal has no trip');
  const trip = ok('read the trip', await client.GET('/trips/{id}', { params: { path: { id: accepted.tripId } } }));

  await until('proposal.accepted', () => [...kept.values()].some((e) => e.type === 'proposal.accepted'));
  // Events reach an endpoint in order: once the test event is in, nothing of the accept is left.
  ok('send a test event', await agent.POST('/webhooks/{id}/test', { params: { path: { id: hook.id } } }));
  await until('webhook.test', () => [...kept.values()].some((e) => e.type === 'webhook.test'));

  process.stdout.write(`${JSON.stringify({ tripId: trip.id, attempts, kept: [...kept.values()] })}\n`);
} finally {
  receiver.close();
}
