import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Card } from '@naav/ui/card';
import { Icon, type IconName } from '~/components/icon';
import type { RouterOutputs } from '~/lib/api-types';
import { formatDateRange } from '~/lib/format';

// An agent's desk lists, loaded with the desk (agent-desk.tsx): travellers' Home never needs them.

type Desk = RouterOutputs['desk']['summary'];

const rowLink =
  'flex min-h-11 flex-col justify-center rounded-lg px-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50';

export function DeskLists({ desk }: { desk: Desk }) {
  const { newTripRequests: requests, revisionsRequested: revisions, unreadChats: chats } = desk;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <DeskCard
        title="New trip requests"
        icon="suitcase"
        count={requests.count}
        empty="No new trip requests"
        more={
          <Link to="/travel-planner" search={{ view: 'agent', tab: 'clients' }}>
            All client requests
          </Link>
        }
      >
        {requests.items.map((r) => (
          <li key={r.id}>
            <Link to="/travel-planner" search={{ view: 'agent', tab: 'proposals', request: r.id }} className={rowLink}>
              <span className="font-medium text-ink">
                {r.client.name} · {r.destination}
              </span>
              <span className="text-sm text-muted">{formatDateRange(r.startDate, r.endDate)} · Start a proposal</span>
            </Link>
          </li>
        ))}
      </DeskCard>
      <DeskCard
        title="Revisions requested"
        icon="route"
        count={revisions.count}
        empty="No revisions requested"
        more={
          <Link to="/travel-planner" search={{ view: 'agent', tab: 'proposals' }}>
            All proposals
          </Link>
        }
      >
        {revisions.items.map((p) => (
          <li key={p.id}>
            <Link to="/travel-planner" search={{ view: 'agent', tab: 'proposals', proposal: p.id }} className={rowLink}>
              <span className="font-medium text-ink">{p.title}</span>
              <span className="text-sm text-muted">
                {p.client.name} · after version {p.version}
              </span>
            </Link>
          </li>
        ))}
      </DeskCard>
      <DeskCard
        title="Unread chats"
        icon="chat"
        count={chats.count}
        empty="No unread chats"
        more={
          <Link to="/concierge" search={{ tab: 'chat' }}>
            Open the concierge inbox
          </Link>
        }
      >
        {chats.items.map((c) => (
          <li key={c.traveller.id}>
            <Link to="/concierge" search={{ tab: 'chat' }} className={rowLink}>
              <span className="font-medium text-ink">{c.traveller.name}</span>
              <span className="text-sm text-muted">
                {c.unreadCount} unread {c.unreadCount === 1 ? 'message' : 'messages'}
              </span>
            </Link>
          </li>
        ))}
      </DeskCard>
    </div>
  );
}

function DeskCard({
  title,
  icon,
  count,
  empty,
  more,
  children,
}: {
  title: string;
  icon: IconName;
  count: number;
  empty: string;
  more: ReactNode;
  children: ReactNode;
}) {
  const id = `desk-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card as="section" aria-labelledby={id} className="flex flex-col p-5">
      <div className="flex items-center gap-3">
        <span
          className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          <Icon name={icon} />
        </span>
        <h3 id={id} className="flex-1 text-lg font-semibold text-ink">
          {title}
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${count > 0 ? 'bg-brand-600 text-white' : 'bg-slate-100 text-muted'}`}
        >
          {count}
          <span className="sr-only"> waiting</span>
        </span>
      </div>
      {count === 0 ? (
        <p className="mt-4 flex-1 text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 flex-1 space-y-1">{children}</ul>
      )}
      <div className="mt-4 border-t border-gray-100 pt-3 text-sm font-medium text-brand-700 [&_a]:inline-flex [&_a]:min-h-11 [&_a]:items-center [&_a]:underline">
        {more}
      </div>
    </Card>
  );
}
