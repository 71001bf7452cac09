import type { Database } from '@naav/db';
import { todos } from '@naav/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { columnsOf } from '../../lib/columns';
import { activity } from '../../lib/live/activity';
import { tripAccess, type TripNeed } from '../../lib/trip-access';
import { removeTripRow, tripOfRow } from '../../lib/trip-rows';
import type { TripPerson } from '../packing/packing.schemas';
import { addAssignedRow, changeAssignedRow, namesOf, tripPeople } from '../packing/trip-people';
import type { CreateTodoInput, Todo, UpdateTodoInput } from './todos.schemas';

/** The table of to-dos, and the kind of change its rows are in the trip's feed. */
const todoRows = { table: todos, kind: 'todo' } as const;

const todoColumns = columnsOf(todos, 'id', 'tripId', 'title', 'dueDate', 'assigneeId', 'done');
type TodoRow = Pick<typeof todos.$inferSelect, keyof typeof todoColumns>;

function withNames(rows: TodoRow[], people: readonly TripPerson[]): Todo[] {
  const names = namesOf(people);
  return rows.map((row) => ({ ...row, assigneeName: (row.assigneeId && names.get(row.assigneeId)) || null }));
}

/** The trip's to-dos: open ones first, each by due date (undated last), then as they were added. */
export async function listTodos(db: Database, actor: Actor, tripId: string): Promise<Todo[]> {
  await tripAccess(db, actor, tripId, 'view');
  const [rows, people] = await Promise.all([
    db
      .select(todoColumns)
      .from(todos)
      .where(eq(todos.tripId, tripId))
      .orderBy(asc(todos.done), sql`${todos.dueDate} IS NULL`, asc(todos.dueDate), asc(todos.createdAt), asc(todos.id)),
    tripPeople(db, tripId),
  ]);
  return withNames(rows, people);
}

async function todoOf(db: Database, id: string): Promise<Todo> {
  const [row] = await db.select(todoColumns).from(todos).where(eq(todos.id, id));
  if (!row) throw new Error('to-do vanished after a write');
  return withNames([row], await tripPeople(db, row.tripId))[0]!;
}

export async function addTodo(db: Database, actor: Actor, input: CreateTodoInput): Promise<Todo> {
  return todoOf(db, await addAssignedRow(db, actor, todoRows, input));
}

const tripOfTodo = (db: Database, actor: Actor, id: string, need: TripNeed) =>
  tripOfRow(db, actor, todos, id, need, 'To-do');

/** Changes the fields sent; ticking it done sends `done` alone. */
export async function updateTodo(db: Database, actor: Actor, input: UpdateTodoInput, now = new Date()): Promise<Todo> {
  const { id, ...changes } = input;
  const tripId = await tripOfTodo(db, actor, id, 'edit');
  const ticked = async () =>
    activity(actor.id, tripId, 'todo.done', { title: changes.title ?? (await todoOf(db, id)).title });
  await changeAssignedRow(db, { ...todoRows, id, tripId }, changes, changes.done === true && ticked, now);
  return todoOf(db, id);
}

export async function removeTodo(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  return removeTripRow(db, todos, id, await tripOfTodo(db, actor, id, 'edit'), 'todo');
}
