import type { Database } from '@naav/db';
import { packingItems } from '@naav/db/schema';
import { packingCategories, type PackingCategory } from '@naav/schemas/packing';
import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { columnsOf } from '../../lib/columns';
import { activity } from '../../lib/live/activity';
import { feedInsert, topic } from '../../lib/live/feed';
import { tripAccess, type TripNeed } from '../../lib/trip-access';
import { removeTripRow, tripOfRow } from '../../lib/trip-rows';
import { templateItemsForTrip } from '../packing-templates/packing-templates.service';
import type {
  CreatePackingItemInput,
  FromTemplateInput,
  PackingItem,
  TripPerson,
  UpdatePackingItemInput,
} from './packing.schemas';
import { addAssignedRow, changeAssignedRow, namesOf, tripPeople } from './trip-people';

/** The table of packing items, and the kind of change its rows are in the trip's feed. */
const itemRows = { table: packingItems, kind: 'packing' } as const;

const itemColumns = columnsOf(packingItems, 'id', 'tripId', 'name', 'category', 'quantity', 'assigneeId', 'packed');
type ItemRow = Pick<typeof packingItems.$inferSelect, keyof typeof itemColumns>;

const categoryOrder = (category: string) => {
  const index = packingCategories.indexOf(category as PackingCategory);
  return index < 0 ? packingCategories.length : index;
};

function withNames(rows: ItemRow[], people: readonly TripPerson[]): PackingItem[] {
  const names = namesOf(people);
  return rows.map((row) => ({
    ...row,
    category: row.category as PackingCategory,
    assigneeName: (row.assigneeId && names.get(row.assigneeId)) || null,
  }));
}

/** The trip's list: by category (in the form's order), then by name. */
async function listOf(db: Database, tripId: string): Promise<PackingItem[]> {
  const [rows, people] = await Promise.all([
    db
      .select(itemColumns)
      .from(packingItems)
      .where(eq(packingItems.tripId, tripId))
      .orderBy(asc(packingItems.name), asc(packingItems.id)),
    tripPeople(db, tripId),
  ]);
  rows.sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
  return withNames(rows, people);
}

/** Who may be given an item or a to-do on the trip (anyone who may see the trip reads it). */
export async function listTripPeople(db: Database, actor: Actor, tripId: string): Promise<TripPerson[]> {
  await tripAccess(db, actor, tripId, 'view');
  return tripPeople(db, tripId);
}

export async function listPacking(db: Database, actor: Actor, tripId: string): Promise<PackingItem[]> {
  await tripAccess(db, actor, tripId, 'view');
  return listOf(db, tripId);
}

async function itemOf(db: Database, id: string): Promise<PackingItem> {
  const [row] = await db.select(itemColumns).from(packingItems).where(eq(packingItems.id, id));
  if (!row) throw new Error('packing item vanished after a write');
  return withNames([row], await tripPeople(db, row.tripId))[0]!;
}

export async function addPackingItem(db: Database, actor: Actor, input: CreatePackingItemInput): Promise<PackingItem> {
  return itemOf(db, await addAssignedRow(db, actor, itemRows, input));
}

/** The trip of an item the actor may read or change (by the trip's permissions); NOT_FOUND when they may not see it. */
const tripOfItem = (db: Database, actor: Actor, id: string, need: TripNeed) =>
  tripOfRow(db, actor, packingItems, id, need, 'Packing item');

/** Changes the fields sent; a tick sends `packed` alone. */
export async function updatePackingItem(
  db: Database,
  actor: Actor,
  input: UpdatePackingItemInput,
  now = new Date(),
): Promise<PackingItem> {
  const { id, ...changes } = input;
  const tripId = await tripOfItem(db, actor, id, 'edit');
  const ticked = async () =>
    activity(actor.id, tripId, 'packing.ticked', { name: changes.name ?? (await itemOf(db, id)).name });
  await changeAssignedRow(db, { ...itemRows, id, tripId }, changes, changes.packed === true && ticked, now);
  return itemOf(db, id);
}

export async function removePackingItem(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return removeTripRow(db, packingItems, id, await tripOfItem(db, actor, id, 'edit'), 'packing');
}

/**
 * Adds a template's items to the trip's list, quantities fitted to the trip's length (see
 * templateItemsForTrip); an item already on the list by name is left as it is. Answers the list.
 */
export async function addFromTemplate(db: Database, actor: Actor, input: FromTemplateInput): Promise<PackingItem[]> {
  await tripAccess(db, actor, input.id, 'edit');
  const items = await templateItemsForTrip(db, actor, input.templateId, input.id);
  const existing = await db
    .select({ name: packingItems.name })
    .from(packingItems)
    .where(eq(packingItems.tripId, input.id));
  const names = new Set(existing.map((row) => row.name.toLocaleLowerCase()));
  const fresh = items.filter((item) => !names.has(item.name.toLocaleLowerCase()));
  if (fresh.length > 0) {
    await db.batch([
      db.insert(packingItems).values(
        fresh.map((item) => ({
          ...item,
          id: crypto.randomUUID(),
          tripId: input.id,
          assigneeId: null,
          packed: false,
        })),
      ),
      feedInsert(db, topic.trip(input.id), null, 'packing'),
    ]);
  }
  return listOf(db, input.id);
}
