import { onlineManager, type DehydratedState, type Mutation, type QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { RouterInputs, RouterOutputs } from './api-types';
import type { ApiClient } from './trpc';

/**
 * Writes that wait for the network. Each is a TanStack Query mutation with a key of its own and
 * defaults registered at start (`registerOfflineWrites`), so one restored from the offline copy
 * after a reload still knows how to send itself. They all share one scope: they go one after
 * another, in the order they were made. Each carries one Idempotency-Key, made when the write is
 * made and sent with every attempt, so the server stores it once however often it is sent.
 */

/** What a queued write keeps: the request, its key, and when it was made. */
export interface QueuedWrite<TInput> {
  input: TInput;
  idempotencyKey: string;
  /** When the write was made (ms since 1970): the optimistic item's time. */
  madeAt: number;
}

/** The scope every queued write shares: one at a time, oldest first. */
const offlineScope = { id: 'offline-writes' } as const;

interface WriteDefinition<TInput, TOutput = unknown> {
  send: (client: ApiClient, input: TInput, options: { context: { idempotencyKey: string } }) => Promise<TOutput>;
  /** The first part of the tRPC paths whose data the write changes (refetched once it is stored). */
  changes: readonly string[];
  /** What the write is, in the traveller's words ("Expense “Taxi”"). */
  describe: (input: TInput) => string;
}

const define = <TInput, TOutput>(definition: WriteDefinition<TInput, TOutput>) => definition;
const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

export const queueableWrites = {
  'expenses.create': define<RouterInputs['expenses']['create'], RouterOutputs['expenses']['create']>({
    send: (client, input, options) => client.expenses.create.mutate(input, options),
    changes: ['expenses', 'budget', 'balances'],
    describe: (input) => `New expense ${quoted(input.title)}`,
  }),
  'expenses.update': define<RouterInputs['expenses']['update'], RouterOutputs['expenses']['update']>({
    send: (client, input, options) => client.expenses.update.mutate(input, options),
    changes: ['expenses', 'budget', 'balances'],
    describe: (input) => `Change to the expense ${quoted(input.title)}`,
  }),
  'events.create': define<RouterInputs['events']['create'], RouterOutputs['events']['create']>({
    send: (client, input, options) => client.events.create.mutate(input, options),
    changes: ['trips', 'events'],
    describe: (input) => `New event ${quoted(input.title)}`,
  }),
  'events.update': define<RouterInputs['events']['update'], RouterOutputs['events']['update']>({
    send: (client, input, options) => client.events.update.mutate(input, options),
    changes: ['trips', 'events'],
    describe: (input) => (input.title ? `Change to the event ${quoted(input.title)}` : 'Change to an event'),
  }),
  'concierge.send': define<RouterInputs['concierge']['send'], RouterOutputs['concierge']['send']>({
    send: (client, input, options) => client.concierge.send.mutate(input, options),
    changes: ['concierge'],
    describe: (input) => `Message ${quoted(input.message)}`,
  }),
  'concierge.createRequest': define<
    RouterInputs['concierge']['createRequest'],
    RouterOutputs['concierge']['createRequest']
  >({
    send: (client, input, options) => client.concierge.createRequest.mutate(input, options),
    changes: ['concierge'],
    describe: () => 'Concierge request',
  }),
  'journal.create': define<RouterInputs['journal']['create'], RouterOutputs['journal']['create']>({
    send: (client, input, options) => client.journal.create.mutate(input, options),
    changes: ['journal'],
    describe: (input) => `Journal entry ${quoted(input.title)}`,
  }),
  'documents.setNotes': define<RouterInputs['documents']['setNotes'], RouterOutputs['documents']['setNotes']>({
    send: (client, input, options) => client.documents.setNotes.mutate(input, options),
    changes: ['documents'],
    describe: () => 'Document notes',
  }),
  'inspirations.setFavourite': define<
    RouterInputs['inspirations']['setFavourite'],
    RouterOutputs['inspirations']['setFavourite']
  >({
    send: (client, input, options) => client.inspirations.setFavourite.mutate(input, options),
    changes: ['inspirations'],
    describe: (input) => (input.isFavourite ? 'Adding a favourite' : 'Removing a favourite'),
  }),
  'packing.update': define<RouterInputs['packing']['update'], RouterOutputs['packing']['update']>({
    send: (client, input, options) => client.packing.update.mutate(input, options),
    changes: ['packing'],
    describe: (input) =>
      input.packed === undefined
        ? 'Change to a packing item'
        : input.packed
          ? 'Ticking a packing item'
          : 'Unticking a packing item',
  }),
  'todos.update': define<RouterInputs['todos']['update'], RouterOutputs['todos']['update']>({
    send: (client, input, options) => client.todos.update.mutate(input, options),
    changes: ['todos'],
    describe: (input) =>
      input.done === undefined ? 'Change to a to-do' : input.done ? 'Marking a to-do done' : 'Reopening a to-do',
  }),
} as const;

export type QueueableWrite = keyof typeof queueableWrites;
export type WriteInput<Name extends QueueableWrite> = Parameters<(typeof queueableWrites)[Name]['describe']>[0];
export type WriteOutput<Name extends QueueableWrite> = Awaited<ReturnType<(typeof queueableWrites)[Name]['send']>>;

export const writeKey = (name: QueueableWrite) => ['offline-write', name] as const;

/**
 * Writes an earlier version queued under a procedure's former name: the old name → the current
 * one. A browser may hold such a write in its offline copy across the upgrade; it must still go.
 * (The server keeps the renamed procedures' Idempotency-Keys under the old names, so a write whose
 * first attempt arrived before the upgrade is still stored once.)
 */
const renamedWrites: Readonly<Record<string, QueueableWrite>> = {
  'trips.addEvent': 'events.create',
  'travels.create': 'journal.create',
};

/**
 * The queued writes of a saved offline copy under their current names, read before the copy is
 * restored; writes of names nobody knows are left as they are (and never sent).
 */
export function withCurrentWriteNames(state: DehydratedState): DehydratedState {
  return {
    ...state,
    mutations: state.mutations.map((mutation) => {
      const key = mutation.mutationKey;
      if (!Array.isArray(key) || key[0] !== 'offline-write' || typeof key[1] !== 'string') return mutation;
      const current = renamedWrites[key[1]];
      return current ? { ...mutation, mutationKey: writeKey(current) } : mutation;
    }),
  };
}

/** The name of a queued write's mutation, or null for any other mutation. */
export function writeNameOf(mutation: Pick<Mutation, 'options'>): QueueableWrite | null {
  const key = mutation.options.mutationKey;
  if (!Array.isArray(key) || key[0] !== 'offline-write') return null;
  return (key[1] as string) in queueableWrites ? (key[1] as QueueableWrite) : null;
}

const httpStatusOf = (error: unknown): number | undefined =>
  error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;

/**
 * Whether a failed attempt should simply be tried again: the network or the server was not
 * there (no answer, a gateway's 502/503/504), or the same key is still being handled. Anything
 * else is the server's answer about the write itself and goes to the traveller.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return error instanceof TypeError;
  const status = httpStatusOf(error);
  if (status === undefined) return true;
  if (status === 502 || status === 503 || status === 504) return true;
  return (
    status === 409 && error.message.startsWith('Idempotency-Key: a request with this key is still being processed')
  );
}

/** What happened to a write the server refused, and what the traveller can do. */
export function explainRefusal(error: unknown): string {
  const status = httpStatusOf(error);
  const message = error instanceof Error && error.message ? error.message : 'The server refused it.';
  switch (status) {
    case 404:
      return 'It no longer exists, or is no longer shared with you (the trip or item was deleted). Discard it, or add it again elsewhere.';
    case 403:
      return 'You may no longer make this change (your permission was withdrawn). Discard it, or ask the trip owner.';
    case 409:
    case 422:
      return `It no longer fits: ${message} Discard it, or change it and try again.`;
    default:
      return `${message} Retry, or discard it.`;
  }
}

/** Failed attempts for want of a network are tried again: 1 s, 2 s, 4 s… at most 30 s apart. */
const retryDelay = (failures: number) => Math.min(1000 * 2 ** Math.max(failures - 1, 0), 30_000);

/**
 * Registers how each queued write is sent and what it refreshes. Called once at start, before
 * the offline copy is restored: a restored write finds its function here.
 */
export function registerOfflineWrites(queryClient: QueryClient, client: ApiClient) {
  for (const [name, definition] of Object.entries(queueableWrites) as [
    QueueableWrite,
    WriteDefinition<unknown, unknown>,
  ][]) {
    queryClient.setMutationDefaults(writeKey(name), {
      mutationFn: (variables: unknown) => {
        const { input, idempotencyKey } = variables as QueuedWrite<unknown>;
        return definition.send(client, input, { context: { idempotencyKey } });
      },
      scope: offlineScope,
      retry: (_failures: number, error: unknown) => isTransient(error),
      retryDelay,
      // A refused write stays until the traveller retries or discards it.
      gcTime: Number.POSITIVE_INFINITY,
      onSettled: (_data: unknown, error: unknown) => {
        if (error) return;
        return queryClient.invalidateQueries({
          predicate: (query) => {
            const [path] = query.queryKey as [unknown];
            return Array.isArray(path) && definition.changes.includes(path[0] as string);
          },
        });
      },
    });
  }
  // A stored write has nothing left to show (its data comes from the server): it goes.
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && writeNameOf(event.mutation) !== null) {
      const mutation = event.mutation;
      setTimeout(() => queryClient.getMutationCache().remove(mutation), 0);
    }
  });
}

/** A new write's variables: the request and an Idempotency-Key of its own. */
export function queuedWrite<TInput>(input: TInput): QueuedWrite<TInput> {
  return { input, idempotencyKey: crypto.randomUUID(), madeAt: Date.now() };
}

/**
 * Sends the writes restored from the offline copy, oldest first (the shared scope keeps the
 * order). A write that was being sent when the page closed is sent again with its key, so the
 * server stores it once whether or not the first attempt arrived. Without a network they wait,
 * and the query client sends them when it comes back.
 */
export function resumeQueuedWrites(queryClient: QueryClient): Promise<unknown> {
  const waiting = queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => writeNameOf(mutation) !== null && mutation.state.status === 'pending');
  return Promise.all(waiting.map((mutation) => mutation.continue().catch(() => undefined)));
}

/** Keys of writes made online whose failure the open form shows itself (not listed as "Could not sync"). */
const shownByForm = new Set<string>();

/**
 * Makes a queued write. Online, resolves with the server's answer (a form shows its errors as
 * before); offline, resolves at once with `queued` and the write waits, shown as "Waiting to sync".
 */
export async function submitWrite<TInput, TData>(
  mutate: (variables: QueuedWrite<TInput>) => Promise<TData>,
  input: TInput,
): Promise<{ queued: true; data?: undefined } | { queued: false; data: TData }> {
  const variables = queuedWrite(input);
  if (!onlineManager.isOnline()) {
    void mutate(variables).catch(() => undefined);
    return { queued: true };
  }
  // A refusal stays the form's: it shows it where the traveller typed.
  shownByForm.add(variables.idempotencyKey);
  const data = await mutate(variables);
  shownByForm.delete(variables.idempotencyKey);
  return { queued: false, data };
}

const keyOf = (mutation: Mutation) =>
  (mutation.state.variables as QueuedWrite<unknown> | undefined)?.idempotencyKey ?? '';

/** Whether a refused write is the traveller's to decide on (not one an open form already showed). */
export function isUnresolvedRefusal(mutation: Mutation): boolean {
  return writeNameOf(mutation) !== null && mutation.state.status === 'error' && !shownByForm.has(keyOf(mutation));
}

/** Queued writes worth keeping on the device: those not yet stored, and those refused until the traveller decides. */
export function shouldKeepWrite(mutation: Mutation): boolean {
  return writeNameOf(mutation) !== null && (mutation.state.status === 'pending' || isUnresolvedRefusal(mutation));
}

/** Sends a refused write again, with the same key (a refused call stored nothing). */
export function retryWrite(queryClient: QueryClient, mutation: Mutation) {
  const name = writeNameOf(mutation);
  if (!name) return;
  const variables = mutation.state.variables;
  queryClient.getMutationCache().remove(mutation);
  const again = queryClient.getMutationCache().build(queryClient, { mutationKey: writeKey(name) });
  void again.execute(variables).catch(() => undefined);
}

/**
 * Takes back changes still waiting on this device (the traveller's Cancel): their queued writes
 * go from the queue and from the offline copy, so nothing of them is ever sent. Only a write
 * that is waiting for the network (paused) can be taken back; one already on its way cannot.
 * Answers how many were taken back.
 */
export function cancelWaitingWrites(queryClient: QueryClient, idempotencyKeys: readonly string[]): number {
  const cache = queryClient.getMutationCache();
  const waiting = cache
    .getAll()
    .filter(
      (mutation) =>
        writeNameOf(mutation) !== null &&
        mutation.state.status === 'pending' &&
        mutation.state.isPaused &&
        idempotencyKeys.includes(keyOf(mutation)),
    );
  for (const mutation of waiting) cache.remove(mutation);
  return waiting.length;
}

/** Forgets a refused write. */
export function discardWrite(queryClient: QueryClient, mutation: Mutation) {
  queryClient.getMutationCache().remove(mutation);
}
