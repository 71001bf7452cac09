import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTRPC } from '~/lib/trpc';
import { LoadingBlock } from '~/components/loading-block';
import { QueryState } from '~/components/query-state';

// The lists load with the desk, beside its data: a traveller's Home does not download them.
const loadLists = () => import('./agent-desk-lists');
const DeskLists = lazy(() => loadLists().then((m) => ({ default: m.DeskLists })));
const loading = { text: 'Loading your desk...', rows: 3 };

export function AgentDesk() {
  const trpc = useTRPC();
  const desk = useQuery(trpc.desk.summary.queryOptions());
  useEffect(() => void loadLists(), []);
  return (
    <section aria-labelledby="agent-desk" className="mx-auto max-w-7xl px-4 py-8">
      <h2 id="agent-desk" className="font-display text-2xl font-semibold text-ink">
        Waiting for you
      </h2>
      <div className="mt-4">
        <QueryState query={desk} loading={loading} error={{ text: 'What waits for you could not be loaded.' }}>
          {(data) => (
            <Suspense fallback={<LoadingBlock {...loading} />}>
              <DeskLists desk={data} />
            </Suspense>
          )}
        </QueryState>
      </div>
    </section>
  );
}
