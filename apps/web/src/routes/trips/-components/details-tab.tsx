import type { ReactNode } from 'react';
import type { Trip } from '~/lib/api-types';
import { formatDate, formatTripLength } from '~/lib/format';
import { formatMoney } from '~/lib/money';
import { telHref } from './trip-dates';
import { TripStatusBadge } from './trip-status-badge';

const notSet = <span className="text-muted">Not set</span>;

/** Every field of the trip, as stored. */
export function DetailsTab({ trip }: { trip: Trip }) {
  const phone = (value: string | null) =>
    value ? (
      <a href={telHref(value)} className="inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline">
        {value}
      </a>
    ) : (
      notSet
    );
  const rows: [string, ReactNode][] = [
    ['Destination', trip.destination],
    ['Location', trip.location],
    ['Start date', formatDate(trip.startDate)],
    ['End date', formatDate(trip.endDate)],
    ['Length', formatTripLength(trip.startDate, trip.endDate)],
    ['Status', <TripStatusBadge key="status" status={trip.status} />],
    ['Time zone', trip.timeZone.replace(/_/g, ' ')],
    ['Accommodation', trip.accommodation ?? notSet],
    ['Transportation', trip.transportation ?? notSet],
    ['Hotel phone', phone(trip.hotelPhone)],
    ['Concierge phone', phone(trip.conciergePhone)],
    ['Currency', trip.baseCurrency],
    ['Budget', trip.budgetTotal === null ? notSet : formatMoney(trip.budgetTotal, trip.baseCurrency)],
    ['Description', trip.description ?? notSet],
    ['Notes', trip.notes ? <span key="notes" className="whitespace-pre-line">{trip.notes}</span> : notSet],
  ];
  return (
    <>
      <h2 className="sr-only">Details</h2>
      <dl className="divide-y divide-slate-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="break-words text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
