import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;
let agent: string;

const { get } = restCalls(
  () => server,
  () => traveller,
);
const { send } = restCalls(
  () => server,
  () => agent,
);

interface Proposal {
  id: string;
  userId: string;
  agentId: string;
  status: string;
  version: number;
  viewedAt: string | null;
  tripId: string | null;
  [key: string]: unknown;
}
interface Row {
  id: string;
  [key: string]: unknown;
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  agent = await server.signIn('agent@naav.example');
});

// What the Create New Proposal dialog sends (the spec's userId and agentId are ignored).
const proposalBody = {
  clientId: 'user-traveller',
  userId: 1,
  agentId: 1,
  title: 'Porto weekend',
  destination: 'Porto, Portugal',
  description: 'Port cellars and tiles',
  startDate: '2026-04-10',
  endDate: '2026-04-12',
  expiryDate: '2026-03-24',
  budget: 2500,
  imageUrl: '/images/lisbon.svg',
  highlights: ['Port tasting'],
  inclusions: ['2 nights'],
  exclusions: ['Flights'],
  availabilityId: 'avail-next-week',
};

describe('/api/proposals', () => {
  it('POST creates a draft for the chosen client as the signed-in agent; GET lists and reads it', async () => {
    const created = await json<Proposal>(await send('POST', '/api/proposals', proposalBody));
    expect(created).toMatchObject({
      userId: 'user-traveller',
      agentId: 'user-agent',
      status: 'draft',
      version: 0,
      budget: 2500,
      details: { highlights: ['Port tasting'], inclusions: ['2 nights'], exclusions: ['Flights'] },
    });
    expect((await json<Proposal[]>(await get('/api/proposals', agent))).map((p) => p.id)).toContain(created.id);
    expect((await json<Proposal>(await get(`/api/proposals/${created.id}`, agent))).title).toBe('Porto weekend');
    // The client never sees a draft.
    expect((await json<Proposal[]>(await get('/api/proposals'))).map((p) => p.id)).not.toContain(created.id);
    await restError(await get(`/api/proposals/${created.id}`), 404, 'NOT_FOUND');
  });

  it('GET ?filter=pending holds draft, submitted and reviewing', async () => {
    const pending = await json<Proposal[]>(await get('/api/proposals?filter=pending', agent));
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => ['draft', 'submitted', 'reviewing'].includes(p.status))).toBe(true);
  });

  it.each([
    ['title', { title: '' }],
    ['expiryDate', { expiryDate: undefined }],
    ['expiryDate', { expiryDate: '2026-03-09' }],
    ['endDate', { endDate: '2026-04-01' }],
    ['budget', { budget: 'lots' }],
    ['clientId', { clientId: 'user-nobody' }],
    ['availabilityId', { availabilityId: 'avail-traveller2-autumn' }],
  ])('POST is 400 naming %s and stores nothing', async (field, change) => {
    const before = await json<Proposal[]>(await get('/api/proposals', agent));
    const body = await restError(
      await send('POST', '/api/proposals', { ...proposalBody, ...change }),
      400,
      'BAD_REQUEST',
    );
    expect(body.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect(await json<Proposal[]>(await get('/api/proposals', agent))).toHaveLength(before.length);
  });

  it('POST is 403 for a client', async () => {
    await restError(await send('POST', '/api/proposals', proposalBody, traveller), 403, 'FORBIDDEN');
  });

  it("another client's proposal is 404 on every path", async () => {
    const id = 'proposal-kyoto-spring';
    await restError(await get(`/api/proposals/${id}`, traveller2), 404, 'NOT_FOUND');
    await restError(await get(`/api/proposals/${id}/items`, traveller2), 404, 'NOT_FOUND');
    await restError(await get(`/api/proposals/${id}/feedback`, traveller2), 404, 'NOT_FOUND');
    await restError(await get(`/api/proposals/items?proposalId=${id}`, traveller2), 404, 'NOT_FOUND');
    for (const action of ['open', 'accept', 'decline'])
      await restError(await send('POST', `/api/proposals/${id}/${action}`, undefined, traveller2), 404, 'NOT_FOUND');
    await restError(
      await send('POST', `/api/proposals/${id}/request-revisions`, { comment: 'x' }, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(
      await send('POST', `/api/proposals/${id}/feedback`, { comment: 'x' }, traveller2),
      404,
      'NOT_FOUND',
    );
    expect((await json<Proposal>(await get(`/api/proposals/${id}`))).status).toBe('submitted');
  });
});

describe('the life of a proposal over REST', () => {
  it('items, submit, open, feedback, revisions, resubmit, accept → the client has the trip', async () => {
    const created = await json<Proposal>(await send('POST', '/api/proposals', proposalBody));
    const base = `/api/proposals/${created.id}`;
    const dinner = await json<Row>(
      await send('POST', `${base}/items`, {
        day: 1,
        title: 'Dinner at Cantinho',
        type: 'meal',
        startTime: '20:00',
        endTime: '22:00',
        cost: 120,
      }),
    );
    const tour = await json<Row>(await send('POST', `${base}/items`, { day: 2, title: 'Douro cruise' }));
    expect(tour).toMatchObject({ type: 'activity', startTime: '09:00', endTime: '12:00', included: true, cost: 0 });
    const itemError = await restError(
      await send('POST', `${base}/items`, { day: 9, title: 'Too late' }),
      400,
      'BAD_REQUEST',
    );
    expect(itemError.issues?.map((i) => i.path.join('.'))).toEqual(['day']);
    await restError(await send('POST', `${base}/submit`, undefined, traveller), 403, 'FORBIDDEN');

    expect((await json<Proposal>(await send('POST', `${base}/submit`))).status).toBe('submitted');
    const conflict = await restError(await send('POST', `${base}/submit`), 409, 'CONFLICT');
    expect(conflict.message).toBe('Cannot submit a proposal that is submitted');
    await restError(await send('DELETE', `/api/proposal-items/${dinner.id}`), 409, 'CONFLICT');

    expect((await json<Proposal>(await get(base))).status).toBe('submitted');
    const opened = await json<Proposal>(await send('POST', `${base}/open`, undefined, traveller));
    expect([opened.status, opened.viewedAt]).toEqual(['reviewing', NOW.toISOString()]);

    const comment = await json<Row>(
      await send('POST', `${base}/feedback`, { comment: 'Love the cruise', itemReference: 'Douro cruise' }, traveller),
    );
    expect(comment).toMatchObject({ rating: 5, status: 'pending', itemReference: 'Douro cruise' });
    const blank = await restError(
      await send('POST', `${base}/feedback`, { comment: '  ' }, traveller),
      400,
      'BAD_REQUEST',
    );
    expect(blank.issues?.map((i) => i.path.join('.'))).toEqual(['comment']);
    expect((await json<Row>(await send('POST', `/api/proposals/feedback/${comment.id}/address`))).status).toBe(
      'addressed',
    );
    await restError(
      await send('POST', `/api/proposals/feedback/${comment.id}/address`, undefined, traveller),
      403,
      'FORBIDDEN',
    );

    const sentBack = await json<Proposal>(
      await send('POST', `${base}/request-revisions`, { comment: 'Cheaper dinner please', rating: 4 }, traveller),
    );
    expect([sentBack.status, sentBack.revisionsRequested]).toEqual(['draft', true]);
    // The client keeps it, with their feedback, until the new version comes; nothing to decide meanwhile.
    expect(
      (await json<Proposal[]>(await get('/api/proposals?filter=pending'))).find((p) => p.id === created.id),
    ).toMatchObject({ status: 'draft', revisionsRequested: true });
    expect((await json<Row[]>(await get(`${base}/feedback`))).map((f) => f.comment)).toContain('Cheaper dinner please');
    await restError(await send('POST', `${base}/accept`, undefined, traveller), 409, 'CONFLICT');
    const feedback = await json<Row[]>(await get(`${base}/feedback`, agent));
    expect(feedback.map((f) => f.comment).sort()).toEqual(['Cheaper dinner please', 'Love the cruise']);
    expect((await json<Row[]>(await get(`/api/proposals/feedback?proposalId=${created.id}`, agent))).length).toBe(2);
    expect(await json<Row>(await send('DELETE', `/api/proposal-items/${dinner.id}`))).toEqual({
      id: dinner.id,
      deleted: true,
    });
    await json<Row>(
      await send('POST', `${base}/items`, {
        day: 1,
        title: 'Dinner at a tasca',
        type: 'meal',
        startTime: '20:00',
        endTime: '22:00',
        cost: 40,
      }),
    );
    const again = await json<Proposal>(await send('POST', `${base}/submit`));
    expect([again.status, again.version]).toEqual(['submitted', 2]);

    const items = await json<Row[]>(await get(`${base}/items`));
    expect(items.map((i) => i.title)).toEqual(['Dinner at a tasca', 'Douro cruise']);
    const accepted = await json<Proposal>(await send('POST', `${base}/accept`, undefined, traveller));
    expect(accepted.status).toBe('approved');
    const trip = await json<Row>(await get(`/api/trips/${accepted.tripId}`));
    expect(trip).toMatchObject({
      title: 'Porto weekend',
      status: 'upcoming',
      startDate: '2026-04-10',
      endDate: '2026-04-12',
    });
    const tripEvents = await json<Row[]>(await get(`/api/trips/${accepted.tripId}/events`));
    expect(tripEvents.map((e) => [e.title, e.date, e.startTime])).toEqual([
      ['Dinner at a tasca', '2026-04-10', '20:00:00'],
      ['Douro cruise', '2026-04-11', '09:00:00'],
    ]);
    const frozen = await restError(await send('POST', `${base}/items`, { day: 1, title: 'One more' }), 409, 'CONFLICT');
    expect(frozen.message).toBe('Cannot change a proposal that is approved');
  });

  it('decline answers the rejected proposal; an agent may not decline', async () => {
    await restError(await send('POST', '/api/proposals/proposal-kyoto-spring/decline'), 403, 'FORBIDDEN');
    const declined = await json<Proposal>(
      await send('POST', '/api/proposals/proposal-kyoto-spring/decline', undefined, traveller),
    );
    expect(declined.status).toBe('rejected');
    await restError(
      await send('POST', '/api/proposals/proposal-kyoto-spring/accept', undefined, traveller),
      409,
      'CONFLICT',
    );
  });
});

describe('PATCH on a draft', () => {
  it('changes details and items while a draft; 400 names the field; 403 for a client; 409 once submitted', async () => {
    const created = await json<Proposal>(await send('POST', '/api/proposals', proposalBody));
    const changed = await json<Proposal>(
      await send('PATCH', `/api/proposals/${created.id}`, { budget: 2900, description: '' }),
    );
    expect(changed).toMatchObject({ budget: 2900, description: null, title: 'Porto weekend' });
    const bad = await restError(
      await send('PATCH', `/api/proposals/${created.id}`, { endDate: '2026-04-01' }),
      400,
      'BAD_REQUEST',
    );
    expect(bad.issues?.map((i) => i.path.join('.'))).toEqual(['endDate']);
    await restError(await send('PATCH', `/api/proposals/${created.id}`, { budget: 1 }, traveller), 403, 'FORBIDDEN');

    const item = await json<Row>(
      await send('POST', `/api/proposals/${created.id}/items`, { day: 1, title: 'Tram 28' }),
    );
    expect(
      await json<Row>(await send('PATCH', `/api/proposal-items/${item.id}`, { startTime: '10:30', endTime: '11:30' })),
    ).toMatchObject({ startTime: '10:30', endTime: '11:30', title: 'Tram 28' });
    const badItem = await restError(
      await send('PATCH', `/api/proposal-items/${item.id}`, { endTime: '07:00' }),
      400,
      'BAD_REQUEST',
    );
    expect(badItem.issues?.map((i) => i.path.join('.'))).toEqual(['endTime']);

    await json(await send('POST', `/api/proposals/${created.id}/submit`));
    const frozen = await restError(await send('PATCH', `/api/proposals/${created.id}`, { budget: 1 }), 409, 'CONFLICT');
    expect(frozen.message).toBe('Cannot change a proposal that is submitted');
    await restError(await send('PATCH', `/api/proposal-items/${item.id}`, { title: 'x' }), 409, 'CONFLICT');
  });
});

describe('the expiry date', () => {
  it('before today is 400 naming expiryDate on PATCH and on submit, changing nothing', async () => {
    const created = await json<Proposal>(await send('POST', '/api/proposals', proposalBody));
    const patch = await restError(
      await send('PATCH', `/api/proposals/${created.id}`, { expiryDate: '2026-03-01', budget: 1 }),
      400,
      'BAD_REQUEST',
    );
    expect(patch.issues?.map((i) => i.path.join('.'))).toEqual(['expiryDate']);
    expect((await json<Proposal>(await get(`/api/proposals/${created.id}`, agent))).budget).toBe(proposalBody.budget);

    // A draft whose expiry date has passed while it waited.
    await server.db.$client.execute({
      sql: 'UPDATE proposals SET expiryDate = ? WHERE id = ?',
      args: ['2026-03-01', created.id],
    });
    const submit = await restError(await send('POST', `/api/proposals/${created.id}/submit`), 400, 'BAD_REQUEST');
    expect(submit.issues?.map((i) => i.path.join('.'))).toEqual(['expiryDate']);
    expect((await json<Proposal>(await get(`/api/proposals/${created.id}`, agent))).status).toBe('draft');
    await json(await send('PATCH', `/api/proposals/${created.id}`, { expiryDate: '2026-03-10' }));
    expect((await json<Proposal>(await send('POST', `/api/proposals/${created.id}/submit`))).status).toBe('submitted');
  });
});

describe('the spec keys /api/proposals/items and /api/proposals/feedback', () => {
  it('list what the caller may see', async () => {
    const items = await json<Row[]>(await get('/api/proposals/items', traveller2));
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.proposalId === 'proposal-iceland-autumn')).toBe(true);
    const feedback = await json<Row[]>(await get('/api/proposals/feedback', traveller2));
    expect(feedback.map((f) => f.id)).toEqual(['feedback-iceland-glacier', 'feedback-iceland-hotel']);
  });
});

describe('/api/clients/trip-requests', () => {
  it('lists clients’ requests for agents and is 403 for clients', async () => {
    await json(
      await send(
        'POST',
        '/api/trip-requests',
        { destination: 'Bali', startDate: '2026-05-01', endDate: '2026-05-08', budget: 6000 },
        traveller2,
      ),
    );
    const requests = await json<Row[]>(await get('/api/clients/trip-requests?clientId=user-traveller2', agent));
    expect(requests[0]).toMatchObject({ destination: 'Bali', clientName: 'Sam Rivera', status: 'requested' });
    await restError(await get('/api/clients/trip-requests', traveller), 403, 'FORBIDDEN');
  });
});
