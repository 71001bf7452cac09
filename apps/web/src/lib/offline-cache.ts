import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type InvalidateQueryFilters,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient } from '@tanstack/react-query-persist-client';
import { del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { resumeQueuedWrites, shouldKeepWrite, withCurrentWriteNames } from './offline-writes';
import { deserialize as fromWire, serialize as toWire } from './wire-format';

/**
 * The offline copy of the query cache: after one visit online, the screens show what they last
 * showed with the network gone, reload included. It lives in IndexedDB under the signed-in
 * user's id, so one traveller's data is never restored for another one using the same browser,
 * and sign-out deletes it (see `deleteOfflineData`).
 */

/** The IndexedDB database of the offline copy (one object store of whole persisted caches). */
const offlineDatabase = 'naav-offline';
const offlineStoreName = 'query-cache';
/** Who the offline copy belongs to: the last user signed in here (their id, nothing else). */
const ownerKey = 'naav:offline-owner';
/** The persister's key; the store holds it once per user (`query-cache:<user id>`). */
const persisterKey = 'query-cache';

/** A copy older than a week is not restored: trips, rates and schedules move on. */
const offlineMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** Data of another build may have another shape: a new version starts from the server. */
const buster = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/**
 * A saved copy as this version restores it. Queued writes survive an upgrade, under their
 * current names (a write is the traveller's, and the server checks its input again); the saved
 * queries of another build are dropped, as the buster would drop the whole copy.
 */
export function upgradedCopy(saved: PersistedClient, currentBuster: string = buster): PersistedClient {
  const clientState = withCurrentWriteNames(saved.clientState);
  if (saved.buster === currentBuster) return { ...saved, clientState };
  return { ...saved, buster: currentBuster, clientState: { ...clientState, queries: [] } };
}

/**
 * Queries never written to the device: a document read on its own carries its whole number
 * (the edit dialog), where every list shows only its last four characters; and the list of
 * signed-in sessions of other devices.
 */
const neverStored: ReadonlyArray<readonly string[]> = [['documents', 'byId'], ['sessions']];

function isStorable(query: Query): boolean {
  const [path] = query.queryKey as [unknown, ...unknown[]];
  if (Array.isArray(path) && neverStored.some((prefix) => prefix.every((part, index) => path[index] === part)))
    return false;
  return defaultShouldDehydrateQuery(query);
}

function readOwner(): string | null {
  try {
    return localStorage.getItem(ownerKey);
  } catch {
    return null;
  }
}

function writeOwner(userId: string | null) {
  try {
    if (userId) localStorage.setItem(ownerKey, userId);
    else localStorage.removeItem(ownerKey);
  } catch {
    // Storage turned off: the app works online, without an offline copy.
  }
}

/**
 * idb-keyval's store with one difference: the connection closes when someone deletes the
 * database (sign-out), so the deletion goes through at once instead of waiting for the tab to close.
 */
function closableStore(databaseName: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | null = null;
  const open = () => {
    const request = indexedDB.open(databaseName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    return promisifyRequest(request).then((database) => {
      database.onversionchange = () => {
        database.close();
        connection = null;
      };
      return database;
    });
  };
  return (mode, callback) => {
    connection ??= open();
    return connection.then((database) => callback(database.transaction(storeName, mode).objectStore(storeName)));
  };
}

let store: UseStore | null = null;
const offlineStore = () => {
  store ??= closableStore(offlineDatabase, offlineStoreName);
  return store;
};

/** The persister's storage, under the current owner's id; with no owner it keeps nothing. */
const ownerStorage = {
  getItem: async (key: string) => {
    const owner = readOwner();
    return owner ? ((await get<string>(`${key}:${owner}`, offlineStore())) ?? null) : null;
  },
  setItem: async (key: string, value: string) => {
    const owner = readOwner();
    if (owner) await set(`${key}:${owner}`, value, offlineStore());
  },
  removeItem: async (key: string) => {
    const owner = readOwner();
    if (owner) await del(`${key}:${owner}`, offlineStore());
  },
};

/**
 * Restores the signed-in user's offline copy into the query client and keeps it saved from then
 * on (queries that loaded, and writes paused for want of a network). Resolves once restored,
 * so the first screen starts from the copy rather than from an empty cache. `afterRestore` puts
 * newer data over the copy (the page's own, see page-data.ts) before the copy is refreshed: only
 * what still comes from the copy is asked again.
 */
export async function startOfflineCache(
  queryClient: QueryClient,
  { afterRestore = () => {} }: { afterRestore?: () => void } = {},
): Promise<void> {
  // TanStack Query assumes a network until the browser says otherwise; a reload without one
  // must start offline, or every screen would try (and fail) to refresh what was saved.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  if (typeof indexedDB === 'undefined') {
    afterRestore();
    return;
  }
  watchOwner(queryClient);
  const dehydrateOptions = { shouldDehydrateQuery: isStorable, shouldDehydrateMutation: shouldKeepWrite };
  // superjson's format, as over the wire: dates and the like come back as they were.
  const serialize = (client: PersistedClient) => JSON.stringify(toWire(client));
  const persister = createAsyncStoragePersister({
    storage: ownerStorage,
    key: persisterKey,
    throttleTime: 1000,
    serialize,
    deserialize: (text) => upgradedCopy(fromWire(JSON.parse(text)) as PersistedClient),
  });
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: offlineMaxAgeMs,
    buster,
    dehydrateOptions,
  });
  await restored.catch(() => undefined);
  // What the copy restored, by when each answer was saved: a newer answer put over one is not the copy's.
  const fromCopy = new Map(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryHash, q.state.dataUpdatedAt]),
  );
  const isFromCopy = (query: Query) => fromCopy.get(query.queryHash) === query.state.dataUpdatedAt;
  afterRestore();
  // Writes made without a network (or in flight when the page closed) go out, in order.
  const sent = resumeQueuedWrites(queryClient);
  // Saves are throttled (a second): what arrived in the last one is saved at once when the page
  // is hidden or closed, or it would be missing from the copy.
  const saveNow = () => {
    void ownerStorage
      .setItem(
        persisterKey,
        serialize({ timestamp: Date.now(), buster, clientState: dehydrate(queryClient, dehydrateOptions) }),
      )
      .catch(() => undefined);
  };
  addEventListener('pagehide', saveNow);
  // A write made without a network, and data that has just arrived, are saved at once (once for
  // everything of the same moment), not within the throttle's second: a reload or a closed tab in
  // between would lose them, and a save started as the page goes away may not finish.
  // Data that has arrived waits for the main thread's first idle moment (at most half a second):
  // a save is the whole cache, and a screen's answers arriving one by one as it starts would each
  // save it in a task of its own between its renders. A write is saved at once.
  const scheduled = { now: false, idle: false };
  const saveSoon = (when: 'now' | 'idle') => {
    if (scheduled[when]) return;
    scheduled[when] = true;
    const save = () => {
      scheduled[when] = false;
      saveNow();
    };
    if (when === 'idle' && typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: 500 });
    else setTimeout(save);
  };
  queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation && shouldKeepWrite(event.mutation)) saveSoon('now');
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isStorable(event.query)) saveSoon('idle');
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });
  // A restored copy is refreshed in the background whenever the server can be reached: each
  // screen shows the copy at once and refetches what it shows.
  // Waiting writes go first, so the refreshed screens hold them rather than dropping their
  // "Waiting to sync" items for a moment (at most 10 s: a slow queue does not hold the refresh back).
  const refreshAfter = (writes: Promise<unknown>, filters?: InvalidateQueryFilters) =>
    void Promise.race([writes, new Promise((resolve) => setTimeout(resolve, 10_000))]).then(() =>
      queryClient.invalidateQueries(filters),
    );
  if (onlineManager.isOnline()) refreshAfter(sent, { predicate: isFromCopy });
  onlineManager.subscribe((online) => {
    if (online) refreshAfter(resumeQueuedWrites(queryClient));
  });
}

/** The query that says who is signed in (tRPC's key for `me.get`). */
const isMeQuery = (query: Query) => {
  const [path] = query.queryKey as [unknown];
  return Array.isArray(path) && path[0] === 'me' && path[1] === 'get';
};

/**
 * Follows who is signed in: the copy is kept under their id. When someone else signs in on this
 * browser, what the query client holds of the previous user goes (it was never theirs to see).
 */
function watchOwner(queryClient: QueryClient) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isMeQuery(event.query)) return;
    const user = event.query.state.data as { id?: unknown } | undefined;
    if (typeof user?.id !== 'string') return;
    const owner = readOwner();
    if (owner === user.id) return;
    writeOwner(user.id);
    if (owner !== null) {
      for (const query of queryClient.getQueryCache().getAll())
        if (!isMeQuery(query)) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
      queryClient.getMutationCache().clear();
    }
  });
}

/** Cache Storage entries that hold a user's data (the app shell's precache holds none and stays). */
const userDataCaches = ['naav-photos'];

/**
 * Deletes every offline copy on this device: the persisted query cache and paused writes
 * (IndexedDB), the photos' runtime cache (Cache Storage), and the in-memory cache. Sign-out and
 * an ended session call it; the app shell's precache stays, it holds no one's data.
 */
export async function deleteOfflineData(queryClient: QueryClient): Promise<void> {
  // No owner first: a save already scheduled then writes nowhere.
  writeOwner(null);
  queryClient.getMutationCache().clear();
  queryClient.clear();
  const databases = typeof indexedDB === 'undefined' ? [] : await listDatabases();
  await Promise.all(databases.map((name) => promisifyRequest(indexedDB.deleteDatabase(name)).catch(() => undefined)));
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => userDataCaches.includes(name)).map((name) => caches.delete(name)));
  }
}

/** Every IndexedDB database of this origin where the browser can list them, else the app's own. */
async function listDatabases(): Promise<string[]> {
  if (typeof indexedDB.databases !== 'function') return [offlineDatabase];
  const listed = await indexedDB.databases().catch(() => []);
  const names = listed.flatMap((database) => (database.name ? [database.name] : []));
  return names.includes(offlineDatabase) ? names : [...names, offlineDatabase];
}
