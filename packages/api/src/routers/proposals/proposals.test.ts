import type { Database } from '@naav/db';
import { events, proposalFeedback, proposalItems, proposals, tripRequests, trips } from '@naav/db/schema';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../context';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { decide, proposalActions, type ProposalAction, type ProposalStatus } from './proposals.machine';

const NOW = new Date('2026-03-10T09:00:00Z');
const now = () => NOW;
const agent = (db: Database) => callerFor(db, actors.agent, now);
const client = (db: Database, who: Actor = actors.traveller) => callerFor(db, who, now);

const draft = {
  clientId: 'user-traveller',
  title: 'Porto weekend',
  destination: 'Porto, Portugal',
  startDate: '2026-04-10',
  endDate: '2026-04-12',
  expiryDate: '2026-03-24',
  budget: 2500,
};

const statuses = ['draft', 'submitted', 'reviewing', 'approved', 'rejected'] as const satisfies ProposalStatus[];

describe('the status machine table', () => {
  // Written out by hand from the issue, independently of proposals.machine.ts.
  const expected: Record<
    ProposalAction,
    { role: 'agent' | 'client'; to: Partial<Record<ProposalStatus, ProposalStatus>> }
  > = {
    edit: { role: 'agent', to: { draft: 'draft' } },
    submit: { role: 'agent', to: { draft: 'submitted' } },
    open: {
      role: 'client',
      to: { submitted: 'reviewing', reviewing: 'reviewing', approved: 'approved', rejected: 'rejected' },
    },
    accept: { role: 'client', to: { submitted: 'approved', reviewing: 'approved' } },
    decline: { role: 'client', to: { submitted: 'rejected', reviewing: 'rejected' } },
    requestRevisions: { role: 'client', to: { submitted: 'draft', reviewing: 'draft' } },
    comment: { role: 'client', to: { submitted: 'submitted', reviewing: 'reviewing' } },
  };
  const cases = statuses.flatMap((status) =>
    proposalActions.flatMap((action) => (['agent', 'client'] as const).map((role) => [status, action, role] as const)),
  );

  it.each(cases)('%s × %s × %s', (status, action, role) => {
    const result = decide({ status, expired: false }, action, role);
    const rule = expected[action];
    if (rule.role !== role) {
      expect(result).toMatchObject({ ok: false, reason: 'forbidden' });
    } else if (rule.to[status]) {
      expect(result).toEqual({ ok: true, to: rule.to[status] });
    } else {
      expect(result).toMatchObject({ ok: false, reason: 'conflict' });
      if (!result.ok) expect(result.message).toContain(status);
    }
  });

  it('refuses to accept an expired proposal, but it can still be declined or sent back', () => {
    for (const status of ['submitted', 'reviewing'] as const) {
      expect(decide({ status, expired: true }, 'accept', 'client')).toEqual({
        ok: false,
        reason: 'conflict',
        message: 'Cannot accept a proposal that is expired',
      });
      expect(decide({ status, expired: true }, 'decline', 'client')).toEqual({ ok: true, to: 'rejected' });
      expect(decide({ status, expired: true }, 'requestRevisions', 'client')).toEqual({ ok: true, to: 'draft' });
    }
  });

  it('names the status and the action in a refusal', () => {
    expect(decide({ status: 'approved', expired: false }, 'requestRevisions', 'client')).toEqual({
      ok: false,
      reason: 'conflict',
      message: 'Cannot request revisions on a proposal that is approved',
    });
    expect(decide({ status: 'draft', expired: false }, 'accept', 'agent')).toMatchObject({
      message: 'Only the client can accept a proposal',
    });
  });
});

describe('the machine through the procedures: every status × action × role', () => {
  type Outcome = 'ok' | 'FORBIDDEN' | 'CONFLICT' | 'NOT_FOUND';
  const call: Record<
    ProposalAction | 'deleteItem' | 'updateItem' | 'update',
    (db: Database, who: Actor, id: string) => Promise<unknown>
  > = {
    edit: (db, who, id) => callerFor(db, who, now).proposals.addItem({ id, day: 1, title: 'Tram 28' }),
    update: (db, who, id) => callerFor(db, who, now).proposals.update({ id, budget: 99 }),
    updateItem: (db, who, id) =>
      callerFor(db, who, now).proposals.updateItem({ id: `${id}-item`, title: 'Arrive early' }),
    deleteItem: (db, who, id) => callerFor(db, who, now).proposals.deleteItem({ id: `${id}-item` }),
    submit: (db, who, id) => callerFor(db, who, now).proposals.submit({ id }),
    open: (db, who, id) => callerFor(db, who, now).proposals.open({ id }),
    accept: (db, who, id) => callerFor(db, who, now).proposals.accept({ id }),
    decline: (db, who, id) => callerFor(db, who, now).proposals.decline({ id }),
    requestRevisions: (db, who, id) =>
      callerFor(db, who, now).proposals.requestRevisions({ id, comment: 'More beach time' }),
    comment: (db, who, id) => callerFor(db, who, now).proposals.addFeedback({ id, comment: 'Lovely' }),
  };
  const expected = (status: ProposalStatus, action: keyof typeof call, role: 'agent' | 'client'): Outcome => {
    const agentOnly = ['edit', 'update', 'updateItem', 'deleteItem', 'submit'].includes(action);
    if (role === 'agent') return !agentOnly ? 'FORBIDDEN' : status === 'draft' ? 'ok' : 'CONFLICT';
    if (agentOnly) return 'FORBIDDEN';
    if (status === 'draft') return 'NOT_FOUND'; // clients never see drafts
    if (action === 'open') return 'ok';
    return status === 'submitted' || status === 'reviewing' ? 'ok' : 'CONFLICT';
  };
  const cases = statuses.flatMap((status) =>
    (Object.keys(call) as (keyof typeof call)[]).flatMap((action) =>
      (['agent', 'client'] as const).map((role) => [status, action, role] as const),
    ),
  );

  it.each(cases)('%s × %s × %s', async (status, action, role) => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    await db.insert(proposalItems).values({
      id: `${created.id}-item`,
      proposalId: created.id,
      day: 1,
      title: 'Arrive',
      startTime: '09:00',
      endTime: '10:00',
    });
    await db
      .update(proposals)
      .set({ status, version: status === 'draft' ? 0 : 1 })
      .where(eq(proposals.id, created.id));
    const before = await db.select({ status: proposals.status }).from(proposals).where(eq(proposals.id, created.id));
    const outcome: Outcome = await call[action](
      db,
      role === 'agent' ? actors.agent : actors.traveller,
      created.id,
    ).then(
      () => 'ok' as const,
      (error: { code: Outcome }) => error.code,
    );
    expect(outcome).toBe(expected(status, action, role));
    if (outcome !== 'ok') {
      expect(await db.select({ status: proposals.status }).from(proposals).where(eq(proposals.id, created.id))).toEqual(
        before,
      );
    }
  });

  it('a 409 names the current status and the action', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    await db.update(proposals).set({ status: 'approved', version: 1 }).where(eq(proposals.id, created.id));
    const error = await errorOf(client(db).proposals.decline({ id: created.id }));
    expect([error.code, error.message]).toEqual(['CONFLICT', 'Cannot decline a proposal that is approved']);
    const agentError = await errorOf(agent(db).proposals.accept({ id: created.id }));
    expect([agentError.code, agentError.message]).toEqual(['FORBIDDEN', 'Only the client can accept a proposal']);
  });

  it('a proposal past its expiry date shows as expired and can no longer be accepted', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create({ ...draft, expiryDate: '2026-03-10' });
    await agent(db).proposals.submit({ id: created.id });
    // The day after its expiry date.
    const later = callerFor(db, actors.traveller, () => new Date('2026-03-11T09:00:00Z'));
    const seen = await later.proposals.byId({ id: created.id });
    expect(seen.expired).toBe(true);
    const error = await errorOf(later.proposals.accept({ id: created.id }));
    expect([error.code, error.message]).toEqual(['CONFLICT', 'Cannot accept a proposal that is expired']);
    expect((await later.proposals.decline({ id: created.id })).status).toBe('rejected');
  });
});

describe('proposals', () => {
  it('an agent creates a draft for the chosen client; userId and agentId in the body are ignored', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create({
      ...draft,
      userId: 'user-traveller2',
      agentId: 'user-traveller',
      highlights: [' Port cellars ', ''],
    } as typeof draft);
    expect(created).toMatchObject({
      userId: 'user-traveller',
      clientName: 'Alex Morgan',
      agentId: 'user-agent',
      agentName: 'Jordan Lee',
      status: 'draft',
      version: 0,
      budget: 2500,
      expired: false,
      details: { highlights: ['Port cellars'], inclusions: [], exclusions: [] },
    });
  });

  it.each([
    [{ ...draft, title: '  ' }, 'title'],
    [{ ...draft, destination: '' }, 'destination'],
    [{ ...draft, endDate: '2026-04-01' }, 'endDate'],
    [{ ...draft, expiryDate: undefined }, 'expiryDate'],
    [{ ...draft, budget: 12.5 }, 'budget'],
    [{ ...draft, clientId: 'user-agent' }, 'clientId'],
    [{ ...draft, availabilityId: 'avail-traveller2-autumn' }, 'availabilityId'],
    [{ ...draft, occasionId: 'occasion-traveller2-birthday' }, 'occasionId'],
  ])('refuses %o naming %s, storing nothing', async (input, field) => {
    const db = await createSeededDatabase(NOW);
    const [before] = await db.select({ n: count() }).from(proposals);
    const error = await errorOf(agent(db).proposals.create(input as typeof draft));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect(await db.select({ n: count() }).from(proposals)).toEqual([before]);
  });

  it('links the client’s own window and occasion', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create({
      ...draft,
      availabilityId: 'avail-summer',
      occasionId: 'occasion-birthday',
    });
    expect([created.availabilityId, created.occasionId]).toEqual(['avail-summer', 'occasion-birthday']);
  });

  it('a client sees only their own proposals and never a draft; someone else’s is NOT_FOUND', async () => {
    const db = await createSeededDatabase(NOW);
    const mine = await client(db).proposals.list({});
    expect(mine.map((p) => p.id)).toEqual(['proposal-kyoto-spring']);
    expect(mine.every((p) => p.status !== 'draft')).toBe(true);
    expect((await errorOf(client(db).proposals.byId({ id: 'proposal-amalfi-anniversary' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(client(db).proposals.byId({ id: 'proposal-iceland-autumn' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(client(db).proposals.items({ id: 'proposal-iceland-autumn' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(client(db).proposals.feedback({ id: 'proposal-iceland-autumn' }))).code).toBe('NOT_FOUND');
    expect((await client(db).proposals.allItems({})).every((i) => i.proposalId === 'proposal-kyoto-spring')).toBe(true);
    expect(await client(db).proposals.allFeedback({})).toEqual([]);
    const theirs = await client(db, actors.traveller2).proposals.allFeedback({});
    expect(theirs.map((f) => f.id)).toEqual(['feedback-iceland-glacier', 'feedback-iceland-hotel']);
  });

  it('agents see every proposal; Pending Proposals holds draft, submitted and reviewing', async () => {
    const db = await createSeededDatabase(NOW);
    await db.update(proposals).set({ status: 'rejected' }).where(eq(proposals.id, 'proposal-iceland-autumn'));
    const all = await agent(db).proposals.list({ filter: 'all' });
    expect(all.map((p) => p.id).sort()).toEqual([
      'proposal-amalfi-anniversary',
      'proposal-iceland-autumn',
      'proposal-kyoto-spring',
    ]);
    const pending = await agent(db).proposals.list({ filter: 'pending' });
    expect(pending.map((p) => p.id).sort()).toEqual(['proposal-amalfi-anniversary', 'proposal-kyoto-spring']);
  });

  it('reading a proposal changes nothing; opening it marks the current version viewed once', async () => {
    const db = await createSeededDatabase(NOW);
    expect((await client(db).proposals.byId({ id: 'proposal-kyoto-spring' })).status).toBe('submitted');
    const opened = await client(db).proposals.open({ id: 'proposal-kyoto-spring' });
    expect([opened.status, opened.viewedAt]).toEqual(['reviewing', NOW.toISOString()]);
    const later = await callerFor(db, actors.traveller, () => new Date('2026-03-11T09:00:00Z')).proposals.open({
      id: 'proposal-kyoto-spring',
    });
    expect(later.viewedAt).toBe(NOW.toISOString());
    expect((await agent(db).proposals.byId({ id: 'proposal-kyoto-spring' })).viewedAt).toBe(NOW.toISOString());
  });

  it('revisions: feedback recorded, back to draft, the agent changes it, the next submission is version 2', async () => {
    const db = await createSeededDatabase(NOW);
    const id = 'proposal-kyoto-spring';
    await client(db).proposals.open({ id });
    const sentBack = await client(db).proposals.requestRevisions({
      id,
      comment: '  Fewer temples please ',
      rating: 3,
      itemReference: 'Guided temple walk',
    });
    expect([sentBack.status, sentBack.revisionsRequested]).toEqual(['draft', true]);
    const [feedback] = await agent(db).proposals.feedback({ id });
    expect(feedback).toMatchObject({
      comment: 'Fewer temples please',
      rating: 3,
      itemReference: 'Guided temple walk',
      version: 1,
      requestedRevisions: true,
      status: 'pending',
      authorName: 'Alex Morgan',
    });
    await agent(db).proposals.deleteItem({ id: 'item-kyoto-temples' });
    await agent(db).proposals.addItem({
      id,
      day: 2,
      title: 'Nishiki market tasting',
      type: 'meal',
      startTime: '11:00',
      endTime: '13:00',
      cost: 90,
    });
    const resubmitted = await agent(db).proposals.submit({ id });
    expect([resubmitted.status, resubmitted.version, resubmitted.viewedAt, resubmitted.revisionsRequested]).toEqual([
      'submitted',
      2,
      null,
      false,
    ]);
    expect((await client(db).proposals.items({ id })).map((i) => i.title)).toContain('Nishiki market tasting');
  });

  it('sent back for revisions, it stays listed for the client with their feedback until the new version; they can only wait', async () => {
    const db = await createSeededDatabase(NOW);
    const id = 'proposal-kyoto-spring';
    await client(db).proposals.requestRevisions({ id, comment: 'Fewer temples please' });
    const listed = await client(db).proposals.list({});
    expect(listed.find((p) => p.id === id)).toMatchObject({
      status: 'draft',
      revisionsRequested: true,
      version: 1,
      feedbackCount: 1,
    });
    expect((await client(db).proposals.list({ filter: 'pending' })).map((p) => p.id)).toContain(id);
    expect((await client(db).proposals.byId({ id })).revisionsRequested).toBe(true);
    expect((await client(db).proposals.feedback({ id })).map((f) => [f.comment, f.requestedRevisions])).toEqual([
      ['Fewer temples please', true],
    ]);
    expect((await client(db).proposals.items({ id })).length).toBeGreaterThan(0);
    // Nothing to decide until the agent sends the new version.
    for (const call of [
      client(db).proposals.accept({ id }),
      client(db).proposals.decline({ id }),
      client(db).proposals.addFeedback({ id, comment: 'Any news?' }),
      client(db).proposals.requestRevisions({ id, comment: 'Again' }),
    ]) {
      expect((await errorOf(call)).message).toMatch(/ a proposal that is draft$/);
    }
    // The other client still sees nothing of it, and a draft never submitted stays the agent's.
    expect((await errorOf(client(db, actors.traveller2).proposals.byId({ id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(client(db).proposals.byId({ id: 'proposal-amalfi-anniversary' }))).code).toBe('NOT_FOUND');
    expect((await client(db).proposals.list({})).map((p) => p.id)).not.toContain('proposal-amalfi-anniversary');
  });

  it('submitting a proposal started from a trip request marks the request "Proposal sent"', async () => {
    const db = await createSeededDatabase(NOW);
    const request = await client(db).tripRequests.create({
      destination: 'Bali',
      startDate: '2026-05-01',
      endDate: '2026-05-08',
      budget: 6000,
    });
    const listed = await agent(db).tripRequests.ofClients({ clientId: 'user-traveller' });
    expect(listed[0]).toMatchObject({ id: request.id, clientName: 'Alex Morgan', budget: 6000, status: 'requested' });
    const created = await agent(db).proposals.create({ ...draft, destination: 'Bali', tripRequestId: request.id });
    expect((await client(db).tripRequests.list())[0]?.status).toBe('requested');
    // A draft is not an answer yet: the request links to no proposal.
    expect((await client(db).tripRequests.list())[0]?.proposalId).toBeNull();
    await agent(db).proposals.submit({ id: created.id });
    expect((await client(db).tripRequests.list())[0]?.status).toBe('proposal_sent');
    // "Proposal sent" leads to the proposal, for the client and on the agent's list.
    expect((await client(db).tripRequests.list())[0]?.proposalId).toBe(created.id);
    expect((await agent(db).tripRequests.ofClients({ clientId: 'user-traveller' }))[0]?.proposalId).toBe(created.id);
    await client(db).proposals.requestRevisions({ id: created.id, comment: 'Closer to the beach' });
    expect((await client(db).tripRequests.list())[0]?.proposalId).toBe(created.id);
    const otherRequest = await client(db, actors.traveller2).tripRequests.create({
      destination: 'Rome',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
    });
    const error = await errorOf(agent(db).proposals.create({ ...draft, tripRequestId: otherRequest.id }));
    expect(invalidFields(error)).toEqual(['tripRequestId']);
  });

  it('accepting creates the client’s upcoming trip from the itinerary, linked back, and freezes the proposal', async () => {
    const db = await createSeededDatabase(NOW);
    const id = 'proposal-kyoto-spring';
    const accepted = await client(db).proposals.accept({ id });
    expect(accepted.status).toBe('approved');
    expect(accepted.tripId).toEqual(expect.any(String));
    const trip = await client(db).trips.byId({ id: accepted.tripId! });
    expect(trip).toMatchObject({
      title: 'Kyoto in Spring',
      destination: 'Kyoto, Japan',
      status: 'upcoming',
      imageUrl: '/images/kyoto.svg',
      startDate: accepted.startDate,
      endDate: accepted.endDate,
    });
    // In Kyoto's zone, not UTC: the trip's days and "today" are Japan's.
    expect(trip.timeZone).toBe('Asia/Tokyo');
    const tripEvents = await db.select().from(events).where(eq(events.tripId, trip.id));
    const day = (n: number) =>
      new Date(Date.parse(`${accepted.startDate}T00:00:00Z`) + (n - 1) * 86_400_000).toISOString().slice(0, 10);
    expect(tripEvents.map((e) => [e.title, e.date, e.startTime, e.endTime, e.type]).sort()).toEqual(
      [
        ['Airport transfer to the ryokan', day(1), '14:00:00', '16:00:00', 'transportation'],
        ['Check in at Hoshinoya', day(1), '16:30:00', '17:30:00', 'accommodation'],
        ['Guided temple walk', day(2), '09:00:00', '12:00:00', 'activity'],
        ['Kaiseki dinner', day(2), '19:00:00', '21:00:00', 'meal'],
        ['Private tea ceremony', day(3), '10:00:00', '11:30:00', 'activity'],
      ].sort(),
    );
    // Frozen: nothing changes any more, and a second acceptance makes no second trip.
    expect((await errorOf(agent(db).proposals.addItem({ id, day: 1, title: 'Extra' }))).code).toBe('CONFLICT');
    expect((await errorOf(agent(db).proposals.deleteItem({ id: 'item-kyoto-tea' }))).code).toBe('CONFLICT');
    expect((await errorOf(client(db).proposals.accept({ id }))).code).toBe('CONFLICT');
    expect(await db.select({ n: count() }).from(trips).where(eq(trips.title, 'Kyoto in Spring'))).toEqual([{ n: 1 }]);
  });

  it("the accepted trip keeps the zone of the client's request while the destination is the requested one", async () => {
    const db = await createSeededDatabase(NOW);
    const accept = async (requested: string, zone: string | undefined, proposed: string) => {
      const request = await client(db).tripRequests.create({
        destination: requested,
        startDate: '2026-04-10',
        endDate: '2026-04-12',
        timeZone: zone,
      });
      const created = await agent(db).proposals.create({ ...draft, destination: proposed, tripRequestId: request.id });
      await agent(db).proposals.submit({ id: created.id });
      const accepted = await client(db).proposals.accept({ id: created.id });
      return (await client(db).trips.byId({ id: accepted.tripId! })).timeZone;
    };
    // The client chose the Azores' zone for a trip to Portugal.
    expect(await accept('Portugal', 'Atlantic/Azores', 'Portugal')).toBe('Atlantic/Azores');
    // The agent moved the trip to Madeira: its own zone.
    expect(await accept('Portugal', 'Atlantic/Azores', 'Madeira, Portugal')).toBe('Atlantic/Madeira');
    // Nobody knows the zone: UTC, as before.
    expect(await accept('Somewhere quiet', undefined, 'Somewhere quiet')).toBe('UTC');
  });

  it('declining makes no trip', async () => {
    const db = await createSeededDatabase(NOW);
    const [before] = await db.select({ n: count() }).from(trips);
    const declined = await client(db).proposals.decline({ id: 'proposal-kyoto-spring' });
    expect([declined.status, declined.decidedAt, declined.tripId]).toEqual(['rejected', NOW.toISOString(), null]);
    expect(await db.select({ n: count() }).from(trips)).toEqual([before]);
  });
});

describe('the expiry date', () => {
  const yesterday = '2026-03-09';
  it('is refused before today on create, naming expiryDate and storing nothing; today itself is fine', async () => {
    const db = await createSeededDatabase(NOW);
    const [before] = await db.select({ n: count() }).from(proposals);
    const error = await errorOf(agent(db).proposals.create({ ...draft, expiryDate: yesterday }));
    expect([error.code, invalidFields(error), error.message]).toEqual([
      'BAD_REQUEST',
      ['expiryDate'],
      'expiryDate: The expiry date cannot be before today',
    ]);
    expect(await db.select({ n: count() }).from(proposals)).toEqual([before]);
    expect((await agent(db).proposals.create({ ...draft, expiryDate: '2026-03-10' })).expiryDate).toBe('2026-03-10');
  });

  it('is refused before today on edit, changing nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    const error = await errorOf(agent(db).proposals.update({ id: created.id, expiryDate: yesterday, budget: 99 }));
    expect([error.code, invalidFields(error)]).toEqual(['BAD_REQUEST', ['expiryDate']]);
    expect(await agent(db).proposals.byId({ id: created.id })).toMatchObject({
      expiryDate: draft.expiryDate,
      budget: draft.budget,
    });
  });

  it('that has passed since the draft was made stops its submission until a new one is set', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    const weeksLater = callerFor(db, actors.agent, () => new Date('2026-03-30T09:00:00Z'));
    const error = await errorOf(weeksLater.proposals.submit({ id: created.id }));
    expect([error.code, invalidFields(error)]).toEqual(['BAD_REQUEST', ['expiryDate']]);
    expect((await weeksLater.proposals.byId({ id: created.id })).status).toBe('draft');
    // Editing other details keeps the old date without complaint; a new date lets it go.
    expect(
      (await weeksLater.proposals.update({ id: created.id, budget: 2600, expiryDate: draft.expiryDate })).budget,
    ).toBe(2600);
    await weeksLater.proposals.update({ id: created.id, expiryDate: '2026-04-05' });
    expect((await weeksLater.proposals.submit({ id: created.id })).status).toBe('submitted');
  });
});

describe('changing a draft', () => {
  it('changes only the given details; blank text clears, absent keeps', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create({
      ...draft,
      description: 'Port and tiles',
      imageUrl: '/images/lisbon.svg',
    });
    const changed = await agent(db).proposals.update({
      id: created.id,
      budget: 3100,
      description: '',
      highlights: [' Douro '],
    });
    expect(changed).toMatchObject({
      budget: 3100,
      description: null,
      imageUrl: '/images/lisbon.svg',
      title: 'Porto weekend',
      details: { highlights: ['Douro'] },
    });
  });

  it.each([
    [{ endDate: '2026-04-01' }, 'endDate'],
    [{ startDate: '2026-04-12', endDate: '2026-04-12' }, 'endDate'],
    [{ title: ' ' }, 'title'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
  ])('refuses %o naming %s, changing nothing', async (change, field) => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    await agent(db).proposals.addItem({ id: created.id, day: 3, title: 'Last day' });
    const error = await errorOf(agent(db).proposals.update({ id: created.id, ...change }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect(await agent(db).proposals.byId({ id: created.id })).toMatchObject({
      title: draft.title,
      startDate: draft.startDate,
      endDate: draft.endDate,
    });
  });

  it('changes an item; the merged times and day must still fit', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    const item = await agent(db).proposals.addItem({
      id: created.id,
      day: 1,
      title: 'Tram 28',
      startTime: '10:00',
      endTime: '11:00',
    });
    const moved = await agent(db).proposals.updateItem({ id: item.id, day: 2, startTime: '08:00', location: 'Baixa' });
    expect(moved).toMatchObject({ day: 2, startTime: '08:00', endTime: '11:00', location: 'Baixa', title: 'Tram 28' });
    expect(invalidFields(await errorOf(agent(db).proposals.updateItem({ id: item.id, startTime: '12:00' })))).toEqual([
      'endTime',
    ]);
    expect(invalidFields(await errorOf(agent(db).proposals.updateItem({ id: item.id, day: 4 })))).toEqual(['day']);
    expect((await errorOf(agent(db).proposals.updateItem({ id: 'item-nope', title: 'x' }))).code).toBe('NOT_FOUND');
  });
});

describe('itinerary items', () => {
  it('adds with the dialog’s defaults and lists by day then start time', async () => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    const late = await agent(db).proposals.addItem({
      id: created.id,
      day: 1,
      title: 'Dinner',
      startTime: '19:00',
      endTime: '21:00',
      type: 'meal',
      cost: 80,
    });
    const early = await agent(db).proposals.addItem({ id: created.id, day: 1, title: 'Walking tour' });
    expect(early).toMatchObject({
      type: 'activity',
      startTime: '09:00',
      endTime: '12:00',
      included: true,
      cost: 0,
      day: 1,
    });
    await agent(db).proposals.addItem({ id: created.id, day: 3, title: 'Port cellar' });
    expect((await agent(db).proposals.items({ id: created.id })).map((i) => i.id)).toEqual([
      early.id,
      late.id,
      expect.any(String),
    ]);
  });

  it.each([
    [{ day: 4, title: 'Beyond the last day' }, 'day'],
    [{ day: 0, title: 'Day zero' }, 'day'],
    [{ day: 1, title: ' ' }, 'title'],
    [{ day: 1, title: 'Backwards', startTime: '12:00', endTime: '09:00' }, 'endTime'],
    [{ day: 1, title: 'Bad time', startTime: '9am' }, 'startTime'],
    [{ day: 1, title: 'Negative', cost: -5 }, 'cost'],
  ])('refuses %o naming %s, storing nothing', async (fields, field) => {
    const db = await createSeededDatabase(NOW);
    const created = await agent(db).proposals.create(draft);
    const error = await errorOf(agent(db).proposals.addItem({ id: created.id, ...fields }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(invalidFields(error)).toEqual([field]);
    expect(await agent(db).proposals.items({ id: created.id })).toEqual([]);
  });

  it('deleting a missing item is NOT_FOUND', async () => {
    const db = await createSeededDatabase(NOW);
    expect((await errorOf(agent(db).proposals.deleteItem({ id: 'item-nope' }))).code).toBe('NOT_FOUND');
  });
});

describe('feedback', () => {
  it('a client comments with the default rating; a whitespace-only comment is refused', async () => {
    const db = await createSeededDatabase(NOW);
    const id = 'proposal-kyoto-spring';
    const created = await client(db).proposals.addFeedback({ id, comment: 'Looks wonderful' });
    expect(created).toMatchObject({
      rating: 5,
      status: 'pending',
      version: 1,
      requestedRevisions: false,
      itemReference: null,
    });
    const error = await errorOf(client(db).proposals.addFeedback({ id, comment: '   ' }));
    expect(invalidFields(error)).toEqual(['comment']);
    expect(invalidFields(await errorOf(client(db).proposals.addFeedback({ id, comment: 'x', rating: 6 })))).toEqual([
      'rating',
    ]);
    const proposal = await client(db).proposals.byId({ id });
    expect([proposal.feedbackCount, proposal.pendingFeedbackCount]).toEqual([1, 1]);
  });

  it('an agent marks pending feedback addressed, once', async () => {
    const db = await createSeededDatabase(NOW);
    const addressed = await agent(db).proposals.addressFeedback({ id: 'feedback-iceland-glacier' });
    expect([addressed.status, addressed.addressedAt]).toEqual(['addressed', NOW.toISOString()]);
    expect((await errorOf(agent(db).proposals.addressFeedback({ id: 'feedback-iceland-glacier' }))).code).toBe(
      'CONFLICT',
    );
    expect((await errorOf(agent(db).proposals.addressFeedback({ id: 'feedback-nope' }))).code).toBe('NOT_FOUND');
    expect(
      (await errorOf(client(db, actors.traveller2).proposals.addressFeedback({ id: 'feedback-iceland-hotel' }))).code,
    ).toBe('FORBIDDEN');
    const [row] = await db
      .select({ status: proposalFeedback.status })
      .from(proposalFeedback)
      .where(eq(proposalFeedback.id, 'feedback-iceland-hotel'));
    expect(row?.status).toBe('addressed');
  });

  it('agents list clients’ trip requests; clients may not', async () => {
    const db = await createSeededDatabase(NOW);
    expect((await errorOf(client(db).tripRequests.ofClients({}))).code).toBe('FORBIDDEN');
    await client(db, actors.traveller2).tripRequests.create({
      destination: 'Rome',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
    });
    const all = await agent(db).tripRequests.ofClients({});
    expect(all.map((r) => r.clientId)).toContain('user-traveller2');
    expect(await db.select({ n: count() }).from(tripRequests)).toEqual([{ n: all.length }]);
  });
});
