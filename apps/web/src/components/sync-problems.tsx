import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  discardWrite,
  explainRefusal,
  isUnresolvedRefusal,
  queueableWrites,
  retryWrite,
  writeNameOf,
  type QueuedWrite,
} from '../lib/offline-writes';

/** What a refused write was, in the traveller's words. */
function describeWrite(mutation: Mutation): string {
  const name = writeNameOf(mutation);
  const variables = mutation.state.variables as QueuedWrite<never> | undefined;
  if (!name || !variables) return 'A change';
  return queueableWrites[name].describe(variables.input);
}

/**
 * Changes made without a network that the server refused once sent (the trip deleted, the
 * permission withdrawn, the proposal decided): each is listed as "Could not sync" with what
 * happened, until the traveller sends it again or discards it. Never dropped silently.
 */
export function SyncProblems() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refused = useMutationState({ filters: { predicate: isUnresolvedRefusal }, select: (mutation) => mutation });
  const announced = useRef(new Set<number>());
  useEffect(() => {
    const fresh = refused.filter((mutation) => !announced.current.has(mutation.mutationId));
    for (const mutation of fresh) announced.current.add(mutation.mutationId);
    const first = fresh[0];
    if (first)
      toast({
        title: `Could not sync: ${describeWrite(first)}`,
        description: explainRefusal(first.state.error),
        tone: 'destructive',
      });
  }, [refused, toast]);
  if (refused.length === 0) return null;
  return (
    <section aria-label="Changes that could not sync" className="border-b border-red-200 bg-danger-50">
      <ul className="mx-auto max-w-7xl space-y-2 px-4 py-2 text-sm text-ink">
        {refused.map((mutation) => (
          <li key={mutation.mutationId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              <strong className="font-semibold">Could not sync</strong> · {describeWrite(mutation)}:{' '}
              {explainRefusal(mutation.state.error)}
            </span>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => retryWrite(queryClient, mutation)}>
                Retry
              </Button>
              <Button size="sm" variant="ghost" onClick={() => discardWrite(queryClient, mutation)}>
                Discard
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
