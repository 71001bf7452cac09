import type { Database } from '@naav/db';
import { wishlistItems } from '@naav/db/schema';
import { asc, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import { readSavedPlaces } from './saved-places';
import type { CreateWishlistItemInput, WishlistItem } from './wishlist.schemas';
import { deleteOwned } from '../../lib/owned';

const wishlistColumns = {
  id: wishlistItems.id,
  title: wishlistItems.title,
  description: wishlistItems.description,
  location: wishlistItems.location,
  itemType: wishlistItems.itemType,
  tags: wishlistItems.tags,
  latitude: wishlistItems.latitude,
  longitude: wishlistItems.longitude,
  createdAt: wishlistItems.createdAt,
};

const toWishlistItem = (
  row: Omit<WishlistItem, 'createdAt' | 'tags'> & { tags: string[] | null; createdAt: Date },
): WishlistItem => ({
  ...row,
  tags: row.tags ?? [],
  createdAt: row.createdAt.toISOString(),
});

/** A traveller's wishlist, newest first. */
export async function listWishlist(db: Database, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select(wishlistColumns)
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.id));
  return rows.map(toWishlistItem);
}

export async function createWishlistItem(
  db: Database,
  actor: Actor,
  input: CreateWishlistItemInput,
  now: Date,
): Promise<WishlistItem> {
  const [row] = await db
    .insert(wishlistItems)
    .values({ ...input, userId: actor.id, createdAt: now })
    .returning(wishlistColumns);
  if (!row) throw new Error('insert returned no row');
  return toWishlistItem(row);
}

export async function deleteWishlistItem(
  db: Database,
  actor: Actor,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, wishlistItems, actor, id, 'Wishlist item');
}

/**
 * Google Maps saved places as wishlist items, with their coordinates: each place whose title the
 * wishlist does not have yet (any case), at most 500 per file, written in one statement.
 */
export async function importSavedPlaces(
  db: Database,
  actor: Actor,
  text: string,
  now: Date,
): Promise<{ added: WishlistItem[]; skipped: number }> {
  const places = readSavedPlaces(text);
  if (places.length === 0) throw new ValidationError('file', 'No places found in this file');
  if (places.length > 500) throw new ValidationError('file', 'At most 500 places at a time');
  const have = new Set((await listWishlist(db, actor.id)).map((w) => w.title.toLowerCase()));
  const fresh = places.filter((p) => {
    const key = p.title.toLowerCase();
    if (have.has(key)) return false;
    have.add(key);
    return true;
  });
  if (fresh.length === 0) return { added: [], skipped: places.length };
  const rows = await db
    .insert(wishlistItems)
    .values(fresh.map((p) => ({ ...p, userId: actor.id, tags: ['google-maps'], createdAt: now })))
    .returning(wishlistColumns);
  return { added: rows.map(toWishlistItem), skipped: places.length - fresh.length };
}
