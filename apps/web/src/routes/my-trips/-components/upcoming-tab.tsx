import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Badge } from '@naav/ui/badge';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import type { RouterOutputs } from '~/lib/api-types';
import { formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { LoadError } from '~/components/load-error';
import { NewTripButton } from '~/components/new-trip-button';
import { budgetLabel, TripPlannerForm, travelStyleLabels } from './trip-planner-form';
import { CalendarTripImport } from './calendar-trip-import';
import { TripCard } from './trip-card';
import { TripCards, ViewDetailsLink } from './trip-cards';
import { SharedByBadge } from '~/components/shared-by-badge';

type TripRequest = RouterOutputs['tripRequests']['list'][number];

export function UpcomingTab() {
  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <div className="min-w-0 space-y-8 lg:col-span-3">
        <PlanItYourself />
        <UpcomingTrips />
        <TripRequests />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <TripPlannerForm />
      </div>
    </div>
  );
}

/** The first of the two ways to a trip: make it by hand (the other, the form beside, asks the travel team). */
function PlanItYourself() {
  return (
    <Card
      as="section"
      aria-labelledby="plan-yourself-heading"
      className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="plan-yourself-heading" className="text-xl font-semibold text-ink">
          Plan it yourself
        </h2>
        <p className="mt-1 text-sm text-muted">Make the trip now, then add its days, events and companions.</p>
        <div className="mt-3">
          <CalendarTripImport />
        </div>
      </div>
      <NewTripButton className="shrink-0" />
    </Card>
  );
}

function UpcomingTrips() {
  const trpc = useTRPC();
  const trips = useQuery(trpc.trips.list.queryOptions());
  const upcoming = trips.data?.filter((t) => t.status === 'upcoming') ?? [];
  return (
    <section aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading" className="text-xl font-semibold text-ink">
        Upcoming Trips
      </h2>
      <div className="mt-4">
        <TripCards
          status={trips.status}
          loadingText="Loading upcoming trips..."
          what="your upcoming trips"
          onRetry={() => void trips.refetch()}
          empty={
            <Card>
              <EmptyState
                titleAs="h3"
                icon={<Icon name="calendar" className="size-8" />}
                title="No Upcoming Trips"
                description="Make a trip yourself with New trip, or ask the travel team to plan it for you with the form."
              />
            </Card>
          }
          items={upcoming}
          itemKey={(trip) => trip.id}
          columns={2}
        >
          {(trip) => (
            <TripCard
              trip={trip}
              badge={<SharedByBadge trip={trip} className="shrink-0 justify-end" />}
              actions={<ViewDetailsLink to="/trips/$id" params={{ id: trip.id }} title={trip.title} />}
            />
          )}
        </TripCards>
      </div>
    </section>
  );
}

const requestStatus: Record<TripRequest['status'], { label: string; tone: 'warning' | 'success' }> = {
  requested: { label: 'Requested', tone: 'warning' },
  proposal_sent: { label: 'Proposal sent', tone: 'success' },
};

function TripRequests() {
  const trpc = useTRPC();
  const requests = useQuery(trpc.tripRequests.list.queryOptions());
  // Nothing to say until the traveller has asked for a trip; errors still show.
  if (requests.isPending || (requests.data && requests.data.length === 0)) return null;
  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" className="text-xl font-semibold text-ink">
        Trip Requests
      </h2>
      <div className="mt-4">
        {requests.isError ? (
          <LoadError what="your trip requests" onRetry={() => void requests.refetch()} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {requests.data.map((request) => (
              <li key={request.id}>
                <Card as="article" aria-labelledby={`request-${request.id}`} className="p-4">
                  <div className="flex items-start justify-between gap-2">
                    <h3 id={`request-${request.id}`} className="font-semibold text-ink">
                      {request.destination}
                    </h3>
                    {request.proposalId ? (
                      // The answer is one click away: the proposal, open in the travel planner. The
                      // link is 44 px tall around the badge (a finger's target), without moving the card's lines.
                      <Link
                        to="/travel-planner"
                        search={{ tab: 'proposals', proposal: request.proposalId }}
                        className="-my-2.5 inline-flex min-h-11 shrink-0 items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                      >
                        <Badge
                          tone={requestStatus[request.status].tone}
                          className="underline underline-offset-2 hover:bg-green-100"
                        >
                          {requestStatus[request.status].label}
                          <span className="sr-only">: open the proposal for {request.destination}</span>
                        </Badge>
                      </Link>
                    ) : (
                      <Badge tone={requestStatus[request.status].tone}>{requestStatus[request.status].label}</Badge>
                    )}
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted">Dates</dt>
                    <dd className="text-ink">{formatDateRange(request.startDate, request.endDate)}</dd>
                    <dt className="text-muted">Budget</dt>
                    <dd className="text-ink">{budgetLabel(request.budget)}</dd>
                    <dt className="text-muted">Style</dt>
                    <dd className="text-ink">{travelStyleLabels[request.travelStyle]}</dd>
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
