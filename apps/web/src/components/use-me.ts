import { useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';

export type Me = RouterOutputs['me']['get'];

/** The signed-in user, or undefined while loading or when signed out. */
export function useMe(): Me | undefined {
  const trpc = useTRPC();
  return useQuery(trpc.me.get.queryOptions()).data;
}
