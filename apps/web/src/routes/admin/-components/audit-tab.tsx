import { auditActionLabels, auditActions, type AuditAction } from '@naav/schemas/audit';
import { MoreButton } from '~/components/more-button';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { SelectInput } from '~/components/form-controls';
import { QueryState } from '~/components/query-state';
import { useTRPC } from '~/lib/trpc';

const labelOf = (action: string) => auditActionLabels[action as AuditAction] ?? action;

/** The audit log, newest first, filtered by person and by kind of event, 50 at a time. */
export function AuditTab() {
  const trpc = useTRPC();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const people = useQuery(trpc.admin.users.queryOptions({ limit: 200 }));
  const log = useInfiniteQuery(
    trpc.admin.audit.infiniteQueryOptions(
      { actor: actor || undefined, action: action || undefined, limit: 50 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  return (
    <section aria-label="Audit log" className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:w-2/3">
        <SelectInput label="Person" value={actor} onChange={(e) => setActor(e.target.value)}>
          <option value="">Everyone</option>
          {(people.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.email})
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Event" value={action} onChange={(e) => setAction(e.target.value as AuditAction | '')}>
          <option value="">Every event</option>
          {auditActions.map((a) => (
            <option key={a} value={a}>
              {auditActionLabels[a]}
            </option>
          ))}
        </SelectInput>
      </div>
      <QueryState
        query={{ ...log, data: log.data?.pages.flatMap((p) => p.items) }}
        loading={{ text: 'Loading the audit log…', rows: 4 }}
        error={{ what: 'the audit log' }}
        empty={<p className="rounded-xl border border-gray-200 bg-surface p-4 text-muted">No events match.</p>}
      >
        {(items) => (
          <>
            <ol className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-surface">
              {items.map((e) => (
                <li key={e.id} className="p-4 text-sm">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-ink">{labelOf(e.action)}</span>
                    <span className="text-muted">{format(e.at, 'd MMM yyyy, HH:mm')}</span>
                  </p>
                  <p className="mt-1 break-words text-ink">{e.summary}</p>
                  <p className="mt-1 break-words text-xs text-muted">
                    {e.actorEmail ? `By ${e.actorEmail}` : 'By the system'}
                    {e.targetEmail && e.targetEmail !== e.actorEmail ? ` · to ${e.targetEmail}` : ''}
                    {e.clientAddress ? ` · from ${e.clientAddress}` : ''}
                  </p>
                </li>
              ))}
            </ol>
            <MoreButton pages={log} label="Show older events" size="md" />
          </>
        )}
      </QueryState>
    </section>
  );
}
