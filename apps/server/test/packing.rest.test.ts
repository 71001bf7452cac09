import { packingItems } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

const NOW = new Date('2025-06-15T12:00:00Z');

interface ItemBody {
  id: string;
  tripId: string;
  name: string;
  category: string;
  quantity: number;
  assigneeId: string | null;
  assigneeName: string | null;
  packed: boolean;
}
interface TodoBody {
  id: string;
  title: string;
  dueDate: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  done: boolean;
}
interface TemplateBody {
  id: string;
  name: string;
  builtIn: boolean;
  suggested: boolean;
  reason: string | null;
  items: { name: string; category: string; quantity: number }[];
}

let server: TestServer;
let traveller: string;
let traveller2: string;

const send = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
  sendAs(server, method, path, cookie, body, headers);

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
});

describe('/api/trips/{id}/packing and /api/packing/{id}', () => {
  it('GET lists the trip’s items by category; POST adds one (quantity 1 and shared unless sent); PATCH ticks it; DELETE removes it', async () => {
    const list = await json<ItemBody[]>(await send('GET', '/api/trips/trip-lisbon/packing', traveller));
    expect(list[0]).toMatchObject({ category: 'Clothing', name: 'T-shirts', assigneeName: 'Jamie Morgan' });
    const added = await json<ItemBody>(
      await send('POST', '/api/trips/trip-lisbon/packing', traveller, { name: 'Hat', category: 'Clothing' }),
    );
    expect(added).toMatchObject({ tripId: 'trip-lisbon', name: 'Hat', quantity: 1, assigneeId: null, packed: false });
    expect(
      await json<ItemBody>(await send('PATCH', `/api/packing/${added.id}`, traveller, { packed: true })),
    ).toMatchObject({ id: added.id, packed: true });
    expect(await json(await send('DELETE', `/api/packing/${added.id}`, traveller))).toEqual({
      id: added.id,
      deleted: true,
    });
  });

  it('is 400 naming quantity, category or assigneeId, nothing stored', async () => {
    const before = await json<ItemBody[]>(await send('GET', '/api/trips/trip-lisbon/packing', traveller));
    const quantity = await restError(
      await send('POST', '/api/trips/trip-lisbon/packing', traveller, {
        name: 'Hat',
        category: 'Clothing',
        quantity: 100,
      }),
      400,
      'BAD_REQUEST',
    );
    expect(quantity.issues?.map((i) => i.path)).toEqual([['quantity']]);
    const category = await restError(
      await send('POST', '/api/trips/trip-lisbon/packing', traveller, { name: 'Hat', category: 'Hats' }),
      400,
      'BAD_REQUEST',
    );
    expect(category.issues?.map((i) => i.path)).toEqual([['category']]);
    const assignee = await restError(
      await send('PATCH', '/api/packing/packing-t-shirts', traveller, { assigneeId: 'user-traveller2' }),
      400,
      'BAD_REQUEST',
    );
    expect(assignee.issues?.map((i) => i.path)).toEqual([['assigneeId']]);
    expect(await json(await send('GET', '/api/trips/trip-lisbon/packing', traveller))).toEqual(before);
  });

  it('is 404 for another traveller’s trip or item, as for a missing one, and 401 signed out', async () => {
    await restError(await send('GET', '/api/trips/trip-lisbon/packing', traveller2), 404, 'NOT_FOUND');
    await restError(
      await send('PATCH', '/api/packing/packing-t-shirts', traveller2, { packed: true }),
      404,
      'NOT_FOUND',
    );
    await restError(await send('DELETE', '/api/packing/no-such-item', traveller), 404, 'NOT_FOUND');
    await restError(await send('GET', '/api/trips/trip-lisbon/packing'), 401, 'UNAUTHORIZED');
  });

  it('a tick sent twice with one Idempotency-Key is stored once: the replay never undoes a later untick', async () => {
    const tick = (packed: boolean, key: string) =>
      send('PATCH', '/api/packing/packing-charger', traveller, { packed }, { 'Idempotency-Key': key });
    const first = await json<ItemBody>(await tick(true, 'tick-charger-1'));
    expect(first.packed).toBe(true);
    await json(await tick(false, 'tick-charger-2'));
    expect(await json(await tick(true, 'tick-charger-1'))).toEqual(first);
    const [row] = await server.db
      .select({ packed: packingItems.packed })
      .from(packingItems)
      .where(eq(packingItems.id, 'packing-charger'));
    expect(row!.packed).toBe(false);
  });
});

describe('/api/packing-templates and /api/trips/{id}/packing/from-template', () => {
  it('GET ?tripId= puts the suggested starter first; POST from-template adds its items; POST /api/packing-templates saves the list', async () => {
    const templates = await json<TemplateBody[]>(
      await send('GET', '/api/packing-templates?tripId=trip-kyoto', traveller),
    );
    // Kyoto in mid-July: highs of 32 °C.
    expect(templates[0]).toMatchObject({ id: 'starter-beach', builtIn: true, suggested: true });
    expect(templates.map((t) => t.id)).toContain('template-long-weekend');
    const list = await json<ItemBody[]>(
      await send('POST', '/api/trips/trip-kyoto/packing/from-template', traveller, { templateId: 'starter-beach' }),
    );
    // An 11-day trip: a T-shirt a day, capped at 7.
    expect(list.find((i) => i.name === 'T-shirts')?.quantity).toBe(7);
    const saved = await json<TemplateBody>(
      await send('POST', '/api/packing-templates', traveller, { name: 'Summer in Japan', tripId: 'trip-kyoto' }),
    );
    expect(saved).toMatchObject({ name: 'Summer in Japan', builtIn: false });
    expect(saved.items).toHaveLength(list.length);
  });

  it('is 404 for another traveller’s template and 400 naming name when it is blank', async () => {
    await restError(
      await send('POST', '/api/trips/trip-lisbon/packing/from-template', traveller2, { templateId: 'starter-city' }),
      404,
      'NOT_FOUND',
    );
    const blank = await restError(
      await send('POST', '/api/packing-templates', traveller, { name: ' ', tripId: 'trip-lisbon' }),
      400,
      'BAD_REQUEST',
    );
    expect(blank.issues?.map((i) => i.path)).toEqual([['name']]);
  });
});

describe('/api/trips/{id}/todos and /api/todos/{id}', () => {
  it('POST adds a to-do, PATCH marks it done, DELETE removes it; GET lists open ones first', async () => {
    const todo = await json<TodoBody>(
      await send('POST', '/api/trips/trip-lisbon/todos', traveller, {
        title: 'Print boarding passes',
        dueDate: '2025-06-14',
        assigneeId: 'companion-jamie',
      }),
    );
    expect(todo).toMatchObject({
      title: 'Print boarding passes',
      dueDate: '2025-06-14',
      assigneeName: 'Jamie Morgan',
      done: false,
    });
    expect(
      await json<TodoBody>(
        await send('PATCH', `/api/todos/${todo.id}`, traveller, { done: true }, { 'Idempotency-Key': 'todo-done-1' }),
      ),
    ).toMatchObject({ done: true });
    const list = await json<TodoBody[]>(await send('GET', '/api/trips/trip-lisbon/todos', traveller));
    expect(list.map((t) => t.done)).toEqual([...list.map((t) => t.done)].sort());
    expect(await json(await send('DELETE', `/api/todos/${todo.id}`, traveller))).toEqual({
      id: todo.id,
      deleted: true,
    });
  });

  it('is 400 naming dueDate or title, 404 for another traveller’s to-do', async () => {
    const date = await restError(
      await send('POST', '/api/trips/trip-lisbon/todos', traveller, { title: 'x', dueDate: '15/06/2025' }),
      400,
      'BAD_REQUEST',
    );
    expect(date.issues?.map((i) => i.path)).toEqual([['dueDate']]);
    const title = await restError(
      await send('PATCH', '/api/todos/todo-plants', traveller, { title: '' }),
      400,
      'BAD_REQUEST',
    );
    expect(title.issues?.map((i) => i.path)).toEqual([['title']]);
    await restError(await send('PATCH', '/api/todos/todo-plants', traveller2, { done: true }), 404, 'NOT_FOUND');
    await restError(await send('GET', '/api/trips/trip-lisbon/todos', traveller2), 404, 'NOT_FOUND');
  });
});
