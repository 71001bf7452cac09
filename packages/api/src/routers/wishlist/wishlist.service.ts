import type { Database } from '@naav/db';
import { wishlistItems } from '@naav/db/schema';
import { asc, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { CreateWishlistItemInput, WishlistItem } from './wishlist.schemas';
import { deleteOwned } from '../../lib/owned';

const wishlistColumns = {
  id: wishlistItems.id,
  title: wishlistItems.title,
  description: wishlistItems.description,
  location: wishlistItems.location,
  itemType: wishlistItems.itemType,
  tags: wishlistItems.tags,
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
