import { Badge } from '@naav/ui/badge';
import { Icon, type IconName } from '../icon';
import { TextInput } from '../form-controls';
import type { RouterOutputs } from '~/lib/api-types';
import { formatMoney } from '~/lib/money';
import { formatDate } from '~/lib/format';
import { dayOf, fromLocalInput, toLocalInput } from './booking-times';

export type PreviewBooking = RouterOutputs['bookings']['preview']['bookings'][number];

/** A booking on the review screen: what will be sent, and whether to send it. */
export interface BookingDraft {
  key: string;
  booking: PreviewBooking;
  include: boolean;
  addExpense: boolean;
}

const typeLabels: Record<PreviewBooking['type'], { label: string; icon: IconName }> = {
  flight: { label: 'Flight', icon: 'plane' },
  train: { label: 'Train', icon: 'route' },
  bus: { label: 'Bus', icon: 'route' },
  boat: { label: 'Ferry', icon: 'route' },
  lodging: { label: 'Stay', icon: 'bed' },
  car_rental: { label: 'Car rental', icon: 'route' },
  restaurant: { label: 'Table', icon: 'utensils' },
  event: { label: 'Event', icon: 'flag' },
};
const journeys = ['flight', 'train', 'bus', 'boat'];

const money = (price: NonNullable<PreviewBooking['price']>) => formatMoney(price.amount, price.currency);

/** The local days a booking's events fall on (check-in and check-out, pick-up and drop-off). */
export function bookingDays(booking: PreviewBooking): string[] {
  const days = [dayOf(toLocalInput(booking.start))];
  if (booking.end && (booking.type === 'lodging' || booking.type === 'car_rental'))
    days.push(dayOf(toLocalInput(booking.end)));
  return days;
}

/** A checkbox with its label, sized for a finger. */
export function Checkbox({
  label,
  checked,
  disabled,
  onChange,
  className = 'text-sm text-ink',
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={`flex min-h-11 items-center gap-2 ${className}`}>
      <input
        type="checkbox"
        className="size-5 accent-brand-600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

export function BookingCard({
  draft,
  index,
  trip,
  onChange,
}: {
  draft: BookingDraft;
  index: number;
  trip: { timeZone: string; startDate: string; endDate: string };
  onChange: (draft: BookingDraft) => void;
}) {
  const { booking } = draft;
  const type = typeLabels[booking.type];
  const headingId = `booking-${index}-title`;
  const allDay = !booking.start.includes('T');
  const set = (changes: Partial<PreviewBooking>) => onChange({ ...draft, booking: { ...booking, ...changes } });
  const setTime = (field: 'start' | 'end', input: string) => {
    const value = fromLocalInput(input, booking[field]);
    if (field === 'end' && !input) set({ end: null });
    // An edited time is still local where the booking happens: its zone stays.
    else if (value) set({ [field]: value });
  };
  const setPlace = (field: 'startLocation' | 'endLocation', name: string) =>
    set({
      [field]: {
        name: name || null,
        code: booking[field]?.code ?? null,
        address: booking[field]?.address ?? null,
        latitude: null,
        longitude: null,
      },
    });
  const outside = bookingDays(booking).filter((d) => d < trip.startDate || d > trip.endDate);
  const journey = journeys.includes(booking.type);
  const [startLabel, endLabel] =
    booking.type === 'lodging'
      ? ['Check-in', 'Check-out']
      : booking.type === 'car_rental'
        ? ['Pick-up', 'Drop-off']
        : journey
          ? ['Departs', 'Arrives']
          : ['Starts', 'Ends'];

  return (
    <li>
      <section
        aria-labelledby={headingId}
        className={`rounded-xl border p-4 ${draft.include ? 'border-slate-200 bg-surface' : 'border-dashed border-slate-300 bg-canvas'}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon name={type.icon} className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{type.label}</p>
              <h3 id={headingId} className="break-words font-medium text-ink">
                {booking.title}
              </h3>
            </div>
          </div>
          <Checkbox
            label="Add to trip"
            className="text-sm font-medium text-ink"
            checked={draft.include}
            onChange={(include) => onChange({ ...draft, include })}
          />
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          {booking.cancelled ? <Badge tone="danger">Cancelled: marks the imported event cancelled</Badge> : null}
          {booking.source.kind === 'text' ? (
            <Badge tone="warning">Please check: read from the text, without booking markup</Badge>
          ) : null}
          {outside.length > 0 ? (
            <Badge tone="warning">Outside the trip’s dates ({outside.map(formatDate).join(', ')})</Badge>
          ) : null}
          <span className="text-xs text-muted">
            From {booking.source.file ?? 'pasted text'} ({booking.source.kind})
          </span>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextInput
            label="Title"
            className="sm:col-span-2"
            maxLength={200}
            value={booking.title}
            onChange={(e) => set({ title: e.target.value })}
          />
          <TextInput
            label={`${startLabel} (local time)`}
            type={allDay ? 'date' : 'datetime-local'}
            value={toLocalInput(booking.start)}
            onChange={(e) => setTime('start', e.target.value)}
          />
          <TextInput
            label={`${endLabel} (local time)`}
            optional
            type={allDay ? 'date' : 'datetime-local'}
            value={booking.end ? toLocalInput(booking.end) : ''}
            onChange={(e) => setTime('end', e.target.value)}
          />
          <TextInput
            label={journey ? 'From' : booking.type === 'car_rental' ? 'Pick-up place' : 'Place'}
            optional
            maxLength={200}
            value={booking.startLocation?.name ?? ''}
            hint={booking.startLocation?.code ?? booking.startLocation?.address ?? undefined}
            onChange={(e) => setPlace('startLocation', e.target.value)}
          />
          {journey || booking.type === 'car_rental' ? (
            <TextInput
              label={journey ? 'To' : 'Drop-off place'}
              optional
              maxLength={200}
              value={booking.endLocation?.name ?? ''}
              hint={booking.endLocation?.code ?? booking.endLocation?.address ?? undefined}
              onChange={(e) => setPlace('endLocation', e.target.value)}
            />
          ) : null}
          <TextInput
            label="Confirmation number"
            optional
            maxLength={100}
            value={booking.confirmationNumber ?? ''}
            onChange={(e) => set({ confirmationNumber: e.target.value || null })}
          />
          {journey ? (
            <TextInput
              label="Number"
              optional
              maxLength={40}
              value={booking.number ?? ''}
              onChange={(e) => set({ number: e.target.value || null })}
            />
          ) : null}
        </div>
        {booking.travellers.length > 0 ? (
          <p className="mt-3 text-sm text-muted">Travellers: {booking.travellers.join(', ')}</p>
        ) : null}
        {booking.price ? (
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-canvas px-3 py-2">
            <p className="text-sm text-ink">
              Price: <span className="font-semibold">{money(booking.price)}</span>
            </p>
            <Checkbox
              label="Add the price as an expense"
              checked={draft.addExpense}
              disabled={!draft.include}
              onChange={(addExpense) => onChange({ ...draft, addExpense })}
            />
          </div>
        ) : null}
      </section>
    </li>
  );
}
