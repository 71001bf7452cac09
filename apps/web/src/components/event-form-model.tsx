import { format, parseISO } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { addDaysIso, daysBetween } from '@naav/schemas/dates';
import { eventStatuses, type EventStatus, type EventType } from '@naav/schemas/trips';
import type { RouterInputs, TripEvent } from '../lib/api-types';
import type { EventDialogTrip } from './event-dialog';
import { usePlaceLookup } from './use-place-lookup';

// The event dialog's values, what it sends, and the helpers its fields use.

export const eventTypeLabels: Record<EventType, string> = {
  activity: 'Activity',
  meal: 'Meal',
  transportation: 'Transportation',
  accommodation: 'Accommodation',
};

export const eventStatusLabels: Record<EventStatus, string> = Object.fromEntries(
  eventStatuses.map((status) => [status, status[0]!.toUpperCase() + status.slice(1)]),
) as Record<EventStatus, string>;

/** The form's values: text as typed. The arrival day is kept as days after the start's ("1" for the next day). */
export interface EventValues {
  title: string;
  type: EventType;
  status: EventStatus;
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  location: string;
  description: string;
  confirmationNumber: string;
  endDayOffset: string;
  endTimeZone: string;
  endLocation: string;
}

export type AddRequest = RouterInputs['events']['create'];
export type UpdateRequest = RouterInputs['events']['update'];

/** The words of a required field left blank; any other problem is the schema's (the server's) own message. */
export const whenBlank = { title: 'Enter a title', date: 'Choose a date' };
/** The request's end day is typed as a day offset. */
export const fieldOf = { endDate: 'endDayOffset' } as const;

export const valuesOf = (event: TripEvent | null, trip: EventDialogTrip, defaultDate: string): EventValues =>
  event
    ? {
        title: event.title,
        type: event.type,
        status: event.status,
        date: event.date,
        startTime: event.startTime?.slice(0, 5) ?? '',
        endTime: event.endTime?.slice(0, 5) ?? '',
        timeZone: event.timeZone || trip.timeZone,
        location: event.location ?? '',
        description: event.description ?? '',
        confirmationNumber: event.confirmationNumber ?? '',
        endDayOffset: String(event.endDate ? daysBetween(event.date, event.endDate) : 0),
        endTimeZone: event.endTimeZone ?? '',
        endLocation: event.endLocation ?? '',
      }
    : {
        title: '',
        type: 'activity',
        status: 'confirmed',
        date: defaultDate,
        startTime: '',
        endTime: '',
        timeZone: trip.timeZone,
        location: '',
        description: '',
        confirmationNumber: '',
        endDayOffset: '0',
        endTimeZone: '',
        endLocation: '',
      };

/** The event's fields as both procedures take them; a journey's arrival only for transportation. */
export function eventFields(values: EventValues) {
  const journey = values.type === 'transportation';
  const offset = Number(values.endDayOffset) || 0;
  return {
    title: values.title,
    type: values.type,
    status: values.status,
    date: values.date,
    startTime: values.startTime || null,
    endTime: values.endTime || null,
    timeZone: values.timeZone,
    location: values.location,
    description: values.description,
    confirmationNumber: values.confirmationNumber,
    endDate: offset !== 0 && values.date ? addDaysIso(values.date, offset) : null,
    endTimeZone: journey ? values.endTimeZone || null : null,
    endLocation: journey ? values.endLocation : null,
  };
}


/** "Sat, Dec 27": the arrival day's own date beside its offset. */
const shortDay = (date: string) => format(parseISO(date), 'EEE, MMM d');

export function arrivalDayOptions(date: string, current: string): Record<string, string> {
  const offsets = [...new Set([-1, 0, 1, 2, Number(current) || 0])].sort((a, b) => a - b);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return Object.fromEntries(
    offsets.map((offset) => {
      const name = offset === 0 ? 'Same day' : offset > 0 ? `+${offset}` : `−${-offset}`;
      return [String(offset), validDate ? `${name} (${shortDay(addDaysIso(date, offset))})` : name];
    }),
  );
}

export type PlaceLookup = NonNullable<ReturnType<typeof usePlaceLookup>>;

const placeName = (lookup: PlaceLookup, typed: string) => (lookup.place ? `${lookup.place.name}, ${lookup.place.country}` : typed.trim());

/**
 * A zone that follows a typed place until the traveller picks one by hand: `hint` says where it
 * came from. Only a place typed in this dialog is looked up (an edited event keeps its zone).
 */
export function useZoneFromPlace(place: string, initialPlace: string, setZone: (zone: string) => void, currentZone: string) {
  const [pickedByHand, setPickedByHand] = useState(false);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  const edited = place.trim() !== initialPlace.trim();
  const lookup = usePlaceLookup(place, edited && !pickedByHand);
  const zone = lookup?.timeZone ?? null;
  const name = lookup ? placeName(lookup, place) : null;
  const latest = useRef({ setZone, currentZone });
  latest.current = { setZone, currentZone };
  useEffect(() => {
    if (!zone || !name) return;
    if (latest.current.currentZone !== zone) latest.current.setZone(zone);
    setFilledFrom(name);
  }, [zone, name]);
  return {
    hint: !pickedByHand && filledFrom ? `Filled in from ${filledFrom}` : undefined,
    pickByHand: () => setPickedByHand(true),
  };
}
