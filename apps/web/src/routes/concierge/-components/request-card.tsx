import { Card } from '@naav/ui/card';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import { RequestStatusBadge, type RequestStatus } from './request-status-badge';
import { requestTypeLabel, type RequestType } from './request-types';
import { QueryState } from '~/components/query-state';

type RequestHeading = { title: string; type: RequestType; date: string | null; status: RequestStatus };

/** A service request as both views list it: title, who asked (for agents), kind and date, status; then what the view adds. */
export function RequestCard({ request, askedBy, children }: { request: RequestHeading; askedBy?: string; children?: ReactNode }) {
  const about = [askedBy, requestTypeLabel(request.type), request.date ? formatDate(request.date) : null].filter(Boolean).join(' · ');
  return (
    <Card as="li" aria-label={request.title} className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-ink">{request.title}</h3>
          <p className="text-sm text-muted">{about}</p>
        </div>
        <RequestStatusBadge status={request.status} />
      </div>
      {children}
    </Card>
  );
}

/** The requests of a list with its loading, error and empty states. */
export function RequestList<T extends { id: string }>({
  requests,
  what,
  children,
}: {
  requests: UseQueryResult<T[], unknown>;
  /** For the error sentence: "the requests", "your requests". */
  what: string;
  children: (request: T) => ReactNode;
}) {
  return (
    <QueryState query={requests} loading={{ text: 'Loading requests...', rows: 2 }} error={{ what }} empty={<p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">No previous requests found</p>}>
      {(data) => (
      <ul className="space-y-3">{data.map(children)}</ul>
      )}
    </QueryState>
  );
}
