import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Card } from '@naav/ui/card';
import type { RouterOutputs } from '../lib/api-types';
import { Icon } from './icon';
import { PersonAvatar } from './person-avatar';
import { QueryState } from './query-state';

export type Companion = RouterOutputs['trips']['companions'][number];

/**
 * A trip's companions: each with their picture, name and relationship, in a card named by the
 * screen ("Travel Companions" on My Trips, "Trip Companions" on the trip's page). Where the
 * screen lets its user change the list, it adds a header action and Edit and Remove buttons per companion.
 */
export function CompanionsListCard({
  title,
  companions,
  action,
  onEdit,
  onRemove,
}: {
  title: string;
  companions: UseQueryResult<Companion[], unknown>;
  action?: ReactNode;
  onEdit?: (companion: Companion) => void;
  onRemove?: (companion: Companion) => void;
}) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId} className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Icon name="users" className="size-5 text-brand-700" />
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">
        <QueryState query={companions} loading={{ text: 'Loading companions...', rows: 2, round: true }} error={{ what: 'the companions' }} empty={<p className="text-sm text-muted">No companions added to this trip.</p>}>
          {(data) => (
            <ul className="space-y-3">
            {data.map((companion) => (
              <li key={companion.id} className="flex items-center gap-3">
                <PersonAvatar name={companion.name} imageUrl={companion.imageUrl} className="size-11 bg-brand-50" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-ink">{companion.name}</p>
                  <p className="truncate text-sm text-muted">{companion.relationship}</p>
                </div>
                {onEdit ? (
                  <button
                    type="button"
                    aria-label={`Edit ${companion.name}`}
                    onClick={() => onEdit(companion)}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <Icon name="pencil" className="size-4" />
                  </button>
                ) : null}
                {onRemove ? (
                  <button
                    type="button"
                    aria-label={`Remove ${companion.name}`}
                    onClick={() => onRemove(companion)}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-danger-50 hover:text-danger-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <Icon name="close" className="size-4" />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
