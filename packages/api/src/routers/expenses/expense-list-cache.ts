// Whole expense lists kept in memory under the trip's version (expense_list_versions, kept by
// triggers in the database): a list read again before any of its expenses changes is answered
// from its bytes, on every server, since each server checks the version in the database first.
import type { Database } from '@naav/db';
import { LRUCache } from 'lru-cache';
import { gzipSync } from 'node:zlib';

/**
 * A whole list as JSON bytes, as it stood at `version` of its trip; its gzip is made once, for
 * the first client that asks for it.
 */
export class CachedExpenseList {
  #gzip: Buffer | undefined;
  constructor(
    readonly version: number,
    readonly json: Buffer,
  ) {}
  gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json);
    return this.#gzip;
  }
}

/** Lists up to this size are kept (about 5,000 expenses); longer ones are streamed each time. */
export const maxCachedListBytes = 4 * 1024 * 1024;
/**
 * What a server keeps at most, per database: lists (and their gzip, about a tenth more) beyond
 * it go, least recently read first. A list is kept once, as of its newest version read.
 */
const maxCacheBytes = 16 * 1024 * 1024;

const caches = new WeakMap<Database, LRUCache<string, CachedExpenseList>>();

export function expenseListCache(db: Database): LRUCache<string, CachedExpenseList> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ maxSize: maxCacheBytes, sizeCalculation: (list) => Math.ceil(list.json.byteLength * 1.1) });
    caches.set(db, cache);
  }
  return cache;
}
