import type { AppRouter } from '@naav/api';
import { useMutation, useMutationState, type Mutation } from '@tanstack/react-query';
import type { TRPCClientError } from '@trpc/client';
import { useCallback, useRef } from 'react';
import {
  submitWrite,
  writeKey,
  writeNameOf,
  type QueuedWrite,
  type QueueableWrite,
  type WriteInput,
  type WriteOutput,
} from './offline-writes';

interface QueuedWriteCallbacks<Name extends QueueableWrite> {
  /** The server stored it (online). */
  onSuccess?: (data: WriteOutput<Name>) => unknown;
  /** The server refused it (online): the form shows why. */
  onError?: (error: TRPCClientError<AppRouter>) => unknown;
  /** No network: it waits on this device, shown at once as "Waiting to sync". */
  onQueued?: () => unknown;
}

/**
 * A queued write for a form. `submit(input)` sends it online (resolving with the answer, or
 * throwing the refusal the form shows) and queues it offline (resolving at once with `queued`);
 * `mutate(input)` does the same and calls the matching callback.
 */
export function useQueuedWrite<Name extends QueueableWrite>(name: Name, callbacks: QueuedWriteCallbacks<Name> = {}) {
  const mutation = useMutation<WriteOutput<Name>, Error, QueuedWrite<WriteInput<Name>>>({
    mutationKey: writeKey(name),
  });
  const { mutateAsync } = mutation;
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const submit = useCallback((input: WriteInput<Name>) => submitWrite(mutateAsync, input), [mutateAsync]);
  const mutate = useCallback(
    (input: WriteInput<Name>) =>
      void submit(input).then(
        (result) => (result.queued ? latest.current.onQueued?.() : latest.current.onSuccess?.(result.data)),
        (error: TRPCClientError<AppRouter>) => latest.current.onError?.(error),
      ),
    [submit],
  );
  return { submit, mutate, isPending: mutation.isPending && !mutation.isPaused, variables: mutation.variables?.input };
}

/** The writes of one kind not yet stored on the server, oldest first: shown at once, marked "Waiting to sync". */
export function useWaitingWrites<Name extends QueueableWrite>(name: Name): QueuedWrite<WriteInput<Name>>[] {
  return useMutationState({
    filters: { mutationKey: writeKey(name), status: 'pending' },
    select: (mutation) => mutation.state.variables as QueuedWrite<WriteInput<Name>>,
  });
}

const isQueued = (mutation: Mutation) => writeNameOf(mutation) !== null;

/** How many changes wait to be sent (every queued write not yet stored). */
export function useWaitingCount(): number {
  return useMutationState({ filters: { predicate: isQueued, status: 'pending' }, select: () => 1 }).length;
}
