import { describe, expect, it } from 'vitest';
import { changeFeed } from '@naav/db/schema';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { snapshotChanges, snapshotDatabase } from '../../test-support/db-snapshot';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

describe('to-dos', () => {
  it('lists open to-dos first by due date, then done ones, with who does each', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const list = await owner.todos.list({ id: 'trip-lisbon' });
    expect(list.map((t) => [t.title, t.done, t.assigneeName])).toEqual([
      ['Buy Viva Viagem cards', false, 'Jamie Morgan'],
      ['Ask the neighbours to water the plants', false, null],
      ['Check in online', true, 'Alex Morgan'],
    ]);
  });

  it('adds, changes, marks done and deletes, each reported on the trip’s topic', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    await db.delete(changeFeed);
    const todo = await owner.todos.create({
      id: 'trip-kyoto',
      title: ' Book the ryokan ',
      dueDate: '2025-07-01',
      assigneeId: actors.traveller.id,
    });
    expect(todo).toMatchObject({
      tripId: 'trip-kyoto',
      title: 'Book the ryokan',
      dueDate: '2025-07-01',
      assigneeName: 'Alex Morgan',
      done: false,
    });
    expect(await owner.todos.update({ id: todo.id, done: true })).toMatchObject({
      title: 'Book the ryokan',
      done: true,
    });
    expect(await owner.todos.update({ id: todo.id, dueDate: null, assigneeId: null })).toMatchObject({
      dueDate: null,
      assigneeName: null,
      done: true,
    });
    expect(await owner.todos.delete({ id: todo.id })).toEqual({ id: todo.id, deleted: true });
    const kinds = await db.select({ topic: changeFeed.topic, kind: changeFeed.kind }).from(changeFeed);
    expect(kinds).toEqual([0, 1, 2, 3].map(() => ({ topic: 'trip:trip-kyoto', kind: 'todo' })));
  });

  it('refuses a blank title, a date that is not a day and someone not on the trip, naming the field, and stores nothing', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const before = await snapshotDatabase(db);
    expect(invalidFields(await errorOf(owner.todos.create({ id: 'trip-lisbon', title: ' ' })))).toEqual(['title']);
    expect(
      invalidFields(await errorOf(owner.todos.create({ id: 'trip-lisbon', title: 'x', dueDate: '2025-02-30' }))),
    ).toEqual(['dueDate']);
    expect(
      invalidFields(await errorOf(owner.todos.create({ id: 'trip-lisbon', title: 'x', assigneeId: 'companion-ana' }))),
    ).toEqual(['assigneeId']);
    expect(
      invalidFields(await errorOf(owner.todos.update({ id: 'todo-plants', assigneeId: actors.agent.id }))),
    ).toEqual(['assigneeId']);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('a view member reads them and is refused changes; a stranger gets 404 as for a missing to-do', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    await owner.family.addMember({
      id: 'group-morgan-family',
      name: 'Sam Rivera',
      email: actors.traveller2.email,
      permissions: ['view'],
    });
    await owner.family.shareTrip({ id: 'group-morgan-family', tripId: 'trip-lisbon' });
    const member = callerFor(db, actors.traveller2, now);
    const stranger = callerFor(db, actors.agent, now);
    expect(await member.todos.list({ id: 'trip-lisbon' })).toHaveLength(3);
    const before = await snapshotDatabase(db);
    expect((await errorOf(member.todos.update({ id: 'todo-plants', done: true }))).code).toBe('FORBIDDEN');
    expect((await errorOf(member.todos.create({ id: 'trip-lisbon', title: 'x' }))).code).toBe('FORBIDDEN');
    expect((await errorOf(stranger.todos.list({ id: 'trip-lisbon' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.todos.update({ id: 'todo-plants', done: true }))).code).toBe('NOT_FOUND');
    expect((await errorOf(stranger.todos.delete({ id: 'todo-plants' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(owner.todos.delete({ id: 'no-such-todo' }))).code).toBe('NOT_FOUND');
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });
});
