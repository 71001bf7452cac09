import type { UseQueryResult } from '@tanstack/react-query';
import { lazy } from 'react';
import { Button } from '@naav/ui/button';
import { Icon } from './icon';
import { CompanionsListCard, type Companion } from './companions-list-card';
import type { Trip } from '../lib/api-types';
import { preloadOnIntent } from './lazy-dialog';
import { RowDialogs, rowDialogs, useRowDialogs } from './row-dialogs';
import { namedRowTexts } from './row-texts';
import { useTRPC } from '../lib/trpc';
import { canEditTrip } from '../lib/trip-permissions';

// The dialogs and their form load when the card's Add, Edit or Remove is first pointed at, focused or pressed.
const loadForm = () => import('./companion-form');
const CompanionForm = lazy(() => loadForm().then((m) => ({ default: m.CompanionForm })));
const preloadDialogs = preloadOnIntent(rowDialogs, { preload: () => void loadForm().catch(() => undefined) });

/**
 * A trip's companions card (My Trips' "Travel Companions", the trip page's "Trip Companions"):
 * for someone who may change the trip, with Add, and Edit and Remove (confirmed) on each.
 */
export function ManageCompanionsCard({
  trip,
  companions,
  title = 'Travel Companions',
  canEdit = true,
}: {
  trip: Trip;
  companions: UseQueryResult<Companion[], unknown>;
  title?: string;
  canEdit?: boolean;
}) {
  const trpc = useTRPC();
  const dialogs = useRowDialogs<Companion>();
  const gone = (name: string | undefined) => `${name ?? 'They'} will no longer be listed on ${trip.title}.`;
  // A view member of a group the trip is shared with reads the list only.
  if (!canEditTrip(trip)) return <CompanionsListCard title={title} companions={companions} />;
  return (
    // Pointing at or focusing anything in the card (its Add, Edit or Remove) fetches the dialogs.
    <div {...preloadDialogs}>
      <CompanionsListCard
        title={title}
        companions={companions}
        onEdit={canEdit ? dialogs.setEditing : undefined}
        onRemove={canEdit ? dialogs.setRemoving : undefined}
        action={
          canEdit ? (
            <Button
              size="sm"
              variant="secondary"
              className="max-sm:min-h-11"
              onClick={() => dialogs.setAdding(true)}
              aria-label="Add a companion"
            >
              <Icon name="users" className="size-4" />
              Add
            </Button>
          ) : null
        }
      />
      <RowDialogs
        dialogs={dialogs}
        addTitle="Add a Travel Companion"
        editTitle="Edit Travel Companion"
        form={(companion, onDone) => <CompanionForm trip={trip} companion={companion} onDone={onDone} />}
        mutation={trpc.companions.delete.mutationOptions()}
        listKey={trpc.trips.companions.queryKey({ id: trip.id })}
        texts={namedRowTexts('Remove', 'companion', gone)}
      />
    </div>
  );
}
