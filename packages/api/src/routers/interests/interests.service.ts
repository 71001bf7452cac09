import type { Database } from '@naav/db';
import { foodPreferences, interestCategories, interests } from '@naav/db/schema';
import { and, asc, desc, eq } from 'drizzle-orm';
import { assertClientInScope } from '../../lib/agent-scope';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import type { InterestEntry } from '../inspirations/ranking';
import {
  interestMessages,
  type CreateInterestInput,
  type FoodPreferences,
  type FoodPreferencesInput,
  type Interest,
  type InterestCategory,
  type InterestProfile,
  type UpdateInterestInput,
} from './interests.schemas';
import { listWishlist } from '../wishlist/wishlist.service';
import { deleteOwned } from '../../lib/owned';

const interestColumns = {
  id: interests.id,
  categoryId: interests.categoryId,
  categoryName: interestCategories.name,
  name: interests.name,
  description: interests.description,
  priority: interests.priority,
  createdAt: interests.createdAt,
  updatedAt: interests.updatedAt,
};

const toInterest = (
  row: Omit<Interest, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date },
): Interest => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The catalogue in its order, with the suggestions for the add dialog. */
export async function listInterestCategories(db: Database): Promise<InterestCategory[]> {
  const rows = await db
    .select({
      id: interestCategories.id,
      name: interestCategories.name,
      description: interestCategories.description,
      color: interestCategories.color,
      iconName: interestCategories.iconName,
      suggestions: interestCategories.suggestions,
    })
    .from(interestCategories)
    .orderBy(asc(interestCategories.sortOrder), asc(interestCategories.id));
  return rows.map((row) => ({ ...row, suggestions: row.suggestions ?? [] }));
}

async function listInterests(db: Database, userId: string): Promise<Interest[]> {
  const rows = await db
    .select(interestColumns)
    .from(interests)
    .innerJoin(interestCategories, eq(interestCategories.id, interests.categoryId))
    .where(eq(interests.userId, userId))
    .orderBy(asc(interestCategories.sortOrder), desc(interests.priority), asc(interests.name), asc(interests.id));
  return rows.map(toInterest);
}

/** The actor's interests (by category, strongest first) and wishlist (newest first). */
export async function getInterestProfile(db: Database, actor: Actor): Promise<InterestProfile> {
  const [list, wishlist] = await Promise.all([listInterests(db, actor.id), listWishlist(db, actor.id)]);
  return { interests: list, wishlist };
}

/** A traveller's interest profile as other domains use it (the inspirations ranking). Empty when none. */
export async function listInterestProfile(db: Database, userId: string): Promise<InterestEntry[]> {
  const list = await listInterests(db, userId);
  return list.map((i) => ({ category: i.categoryName, name: i.name, priority: i.priority }));
}

async function assertCategory(db: Database, categoryId: number): Promise<void> {
  const [row] = await db
    .select({ id: interestCategories.id })
    .from(interestCategories)
    .where(eq(interestCategories.id, categoryId));
  if (!row) throw new ValidationError('categoryId', interestMessages.category);
}

async function interestById(db: Database, actor: Actor, id: string): Promise<Interest> {
  const [row] = await db
    .select(interestColumns)
    .from(interests)
    .innerJoin(interestCategories, eq(interestCategories.id, interests.categoryId))
    .where(and(eq(interests.id, id), eq(interests.userId, actor.id)));
  if (!row) throw new NotFoundError('Interest');
  return toInterest(row);
}

export async function createInterest(
  db: Database,
  actor: Actor,
  input: CreateInterestInput,
  now: Date,
): Promise<Interest> {
  await assertCategory(db, input.categoryId);
  const [row] = await db
    .insert(interests)
    .values({ ...input, userId: actor.id, createdAt: now, updatedAt: now })
    .returning({ id: interests.id });
  if (!row) throw new Error('insert returned no row');
  return interestById(db, actor, row.id);
}

/** Changes the given fields of one of the actor's interests; someone else's is NOT_FOUND. */
export async function updateInterest(
  db: Database,
  actor: Actor,
  input: UpdateInterestInput,
  now: Date,
): Promise<Interest> {
  const { id, ...fields } = input;
  await interestById(db, actor, id);
  if (fields.categoryId !== undefined) await assertCategory(db, fields.categoryId);
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  await db
    .update(interests)
    .set({ ...set, updatedAt: now })
    .where(and(eq(interests.id, id), eq(interests.userId, actor.id)));
  return interestById(db, actor, id);
}

export async function deleteInterest(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, interests, actor, id, 'Interest');
}

const noPreferences: FoodPreferences = { diets: [], allergies: null, notes: null, updatedAt: null };

/** A traveller's dietary preferences and restrictions, for any domain that plans meals. None saved: empty. */
export async function getFoodPreferences(db: Database, userId: string): Promise<FoodPreferences> {
  const [row] = await db
    .select({
      diets: foodPreferences.diets,
      allergies: foodPreferences.allergies,
      notes: foodPreferences.notes,
      updatedAt: foodPreferences.updatedAt,
    })
    .from(foodPreferences)
    .where(eq(foodPreferences.userId, userId));
  if (!row) return noPreferences;
  return { ...row, diets: row.diets ?? [], updatedAt: row.updatedAt.toISOString() };
}

/** Replaces the actor's food preferences. */
export async function saveFoodPreferences(
  db: Database,
  actor: Actor,
  input: FoodPreferencesInput,
  now: Date,
): Promise<FoodPreferences> {
  await db
    .insert(foodPreferences)
    .values({ ...input, userId: actor.id, updatedAt: now })
    .onConflictDoUpdate({ target: foodPreferences.userId, set: { ...input, updatedAt: now } });
  return getFoodPreferences(db, actor.id);
}

/** Agents: a client's food preferences; 404 when the id is not a client's in the agent's scope. */
export async function getClientFoodPreferences(db: Database, actor: Actor, clientId: string): Promise<FoodPreferences> {
  await assertClientInScope(db, actor, clientId);
  return getFoodPreferences(db, clientId);
}
