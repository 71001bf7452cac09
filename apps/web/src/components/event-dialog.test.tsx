import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { TripEvent } from '../lib/api-types';
import { aTrip } from '../test/fixtures';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcFieldError, trpcMutation, trpcQueryFrom } from '../test/trpc-handlers';
import { EventDialog } from './event-dialog';

configure({ asyncUtilTimeout: 5000 });

const trip = aTrip({
  id: 'trip-kyoto',
  title: 'Kyoto in Autumn',
  startDate: '2026-12-27',
  endDate: '2027-01-06',
  timeZone: 'Asia/Tokyo',
});

const flight: TripEvent = {
  id: 'e-flight',
  tripId: 'trip-kyoto',
  title: 'Flight TP 1 to Tokyo',
  description: 'Window seat',
  location: 'Lisbon Airport',
  date: '2026-12-27',
  startTime: '11:35:00',
  endTime: '14:25:00',
  timeZone: 'Europe/Lisbon',
  endDate: '2026-12-28',
  endTimeZone: 'Asia/Tokyo',
  endLocation: 'Tokyo Narita',
  confirmationNumber: 'XK7P2Q',
  type: 'transportation',
  status: 'pending',
};

/** The place lookup as the server answers it for the few places the tests type. */
const places = trpcQueryFrom('places.lookup', ({ query }) => {
  const known: Record<
    string,
    { name: string; country: string; countryCode: string; timeZone: string; latitude: number; longitude: number }
  > = {
    Lisbon: {
      name: 'Lisbon',
      country: 'Portugal',
      countryCode: 'PT',
      timeZone: 'Europe/Lisbon',
      latitude: 38.7,
      longitude: -9.1,
    },
    Tokyo: {
      name: 'Tokyo',
      country: 'Japan',
      countryCode: 'JP',
      timeZone: 'Asia/Tokyo',
      latitude: 35.7,
      longitude: 139.7,
    },
    Osaka: {
      name: 'Osaka',
      country: 'Japan',
      countryCode: 'JP',
      timeZone: 'Asia/Tokyo',
      latitude: 34.7,
      longitude: 135.5,
    },
  };
  const place = known[query] ?? null;
  return {
    place,
    timeZone: place?.timeZone ?? null,
    currency: place ? ({ PT: 'EUR', JP: 'JPY' }[place.countryCode] ?? null) : null,
  };
});

function open(props: { event?: TripEvent; defaultDate?: string; onSaved?: (date: string) => void } = {}) {
  renderWithApi(
    <ToastProvider>
      <EventDialog trip={trip} open onClose={() => {}} {...props} />
    </ToastProvider>,
  );
  return screen.findByRole('dialog', { name: props.event ? 'Edit Event' : 'Add Event' });
}

const user = () => userEvent.setup({ delay: null });

describe('Event dialog', { timeout: 30_000 }, () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('adds an event with every field, on the chosen day, in the trip’s zone unless told otherwise', async () => {
    const sent: unknown[] = [];
    server.use(
      places,
      trpcMutation('events.create', (input) => {
        sent.push(input);
        return {
          ...flight,
          ...input,
          id: 'e-new',
          tripId: trip.id,
          type: input.type,
          status: input.status ?? 'confirmed',
        } as TripEvent;
      }),
    );
    let savedOn = '';
    const dialog = await open({ defaultDate: '2026-12-29', onSaved: (date) => (savedOn = date) });
    for (const label of [
      'Title',
      'Type',
      'Status',
      'Date',
      'Time zone',
      /^Start time/,
      /^End time/,
      /^Location/,
      /^Description/,
      /^Confirmation number/,
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    // A journey's arrival is asked only of transportation.
    expect(within(dialog).queryByLabelText('Arrival day')).toBeNull();
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-12-29');
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('min', '2026-12-27');
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('max', '2027-01-06');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Asia/Tokyo');

    const u = user();
    await u.type(within(dialog).getByLabelText('Title'), 'Tea ceremony');
    await u.selectOptions(within(dialog).getByLabelText('Type'), 'activity');
    await u.selectOptions(within(dialog).getByLabelText('Status'), 'pending');
    await u.type(within(dialog).getByLabelText(/^Start time/), '15:00');
    await u.type(within(dialog).getByLabelText(/^End time/), '16:30');
    // A place typed in Osaka keeps the zone it already had; the hint says where it came from.
    await u.type(within(dialog).getByLabelText(/^Location/), 'Osaka');
    expect(await within(dialog).findByText('Filled in from Osaka, Japan')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/^Description/), 'Kimono provided');
    await u.type(within(dialog).getByLabelText(/^Confirmation number/), 'TEA-42');
    await u.click(within(dialog).getByRole('button', { name: 'Add Event' }));

    expect(await screen.findByText('Event added')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: 'trip-kyoto',
        title: 'Tea ceremony',
        type: 'activity',
        status: 'pending',
        date: '2026-12-29',
        startTime: '15:00',
        endTime: '16:30',
        timeZone: 'Asia/Tokyo',
        location: 'Osaka',
        description: 'Kimono provided',
        confirmationNumber: 'TEA-42',
        endDate: null,
        endTimeZone: null,
        endLocation: null,
      },
    ]);
    expect(savedOn).toBe('2026-12-29');
  });

  it('names each field it refuses before sending: a blank title, a day outside the trip, an end before the start', async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMutation('events.create', (input) => {
        sent.push(input);
        return flight;
      }),
    );
    const dialog = await open();
    const u = user();
    const date = within(dialog).getByLabelText('Date');
    await u.clear(date);
    await u.type(date, '2027-02-01');
    await u.type(within(dialog).getByLabelText(/^Start time/), '18:30');
    await u.type(within(dialog).getByLabelText(/^End time/), '17:00');
    await u.click(within(dialog).getByRole('button', { name: 'Add Event' }));

    const title = within(dialog).getByLabelText('Title');
    expect(await within(dialog).findByText('Enter a title')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('Enter a title');
    await waitFor(() => expect(title).toHaveFocus());
    expect(date).toHaveAccessibleDescription('Choose a day between Dec 27, 2026 and Jan 6, 2027');
    expect(within(dialog).getByLabelText(/^End time/)).toHaveAccessibleDescription(
      'The end time cannot be before the start time',
    );
    expect(sent).toEqual([]);
  });

  it('asks a journey where and when it arrives: Lisbon 11:35 to Tokyo 14:25 the next day, each in its own zone', async () => {
    const sent: unknown[] = [];
    server.use(
      places,
      trpcMutation('events.create', (input) => {
        sent.push(input);
        return { ...flight, id: 'e-new' };
      }),
    );
    const dialog = await open({ defaultDate: '2026-12-27' });
    const u = user();
    await u.type(within(dialog).getByLabelText('Title'), 'Flight TP 1 to Tokyo');
    await u.selectOptions(within(dialog).getByLabelText('Type'), 'transportation');
    expect(within(dialog).getByRole('group', { name: 'Departure' })).toBeInTheDocument();
    const arrival = within(dialog).getByRole('group', { name: 'Arrival' });
    expect(within(arrival).getByLabelText('Arrival day')).toHaveValue('0');
    expect(within(arrival).getByRole('option', { name: '+1 (Mon, Dec 28)' })).toBeInTheDocument();

    // Typed places fill their zones.
    await u.type(within(dialog).getByLabelText(/^Departure place/), 'Lisbon');
    await waitFor(() => expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Europe/Lisbon'));
    expect(within(dialog).getByText('Filled in from Lisbon, Portugal')).toBeInTheDocument();
    await u.type(within(arrival).getByLabelText(/^Arrival place/), 'Tokyo');
    await waitFor(() => expect(within(arrival).getByLabelText('Arrival time zone')).toHaveValue('Asia/Tokyo'));
    await u.type(within(dialog).getByLabelText(/^Start time/), '11:35');
    await u.type(within(arrival).getByLabelText(/^End time/), '14:25');

    // 14:25 in Tokyo on the same day is before 11:35 in Lisbon.
    await u.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(await within(arrival).findByText('The end time cannot be before the start time')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await u.selectOptions(within(arrival).getByLabelText('Arrival day'), '1');
    await u.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Event added')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'transportation',
        date: '2026-12-27',
        startTime: '11:35',
        timeZone: 'Europe/Lisbon',
        location: 'Lisbon',
        endDate: '2026-12-28',
        endTime: '14:25',
        endTimeZone: 'Asia/Tokyo',
        endLocation: 'Tokyo',
      }),
    ]);
  });

  it('edits an event with every field filled in, moves it to another day keeping its overnight arrival, and puts the server’s refusal on its field', async () => {
    const sent: unknown[] = [];
    server.use(
      places,
      trpcMutation('events.update', (input) => {
        sent.push(input);
        return { ...flight, ...input } as TripEvent;
      }),
    );
    const dialog = await open({ event: flight });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Flight TP 1 to Tokyo');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('transportation');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('pending');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-12-27');
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Europe/Lisbon');
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveValue('11:35');
    expect(within(dialog).getByLabelText(/^Departure place/)).toHaveValue('Lisbon Airport');
    expect(within(dialog).getByLabelText('Arrival day')).toHaveValue('1');
    expect(within(dialog).getByLabelText(/^End time/)).toHaveValue('14:25');
    expect(within(dialog).getByLabelText(/^Arrival place/)).toHaveValue('Tokyo Narita');
    expect(within(dialog).getByLabelText('Arrival time zone')).toHaveValue('Asia/Tokyo');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Window seat');
    expect(within(dialog).getByLabelText(/^Confirmation number/)).toHaveValue('XK7P2Q');

    const u = user();
    server.use(trpcFieldError('events.update', 'date', 'Choose a day between 2026-12-27 and 2027-01-06'));
    const date = within(dialog).getByLabelText('Date');
    await u.clear(date);
    await u.type(date, '2026-12-30');
    await u.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await within(dialog).findByText('Choose a day between 2026-12-27 and 2027-01-06')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');

    server.use(
      trpcMutation('events.update', (input) => {
        sent.push(input);
        return { ...flight, ...input } as TripEvent;
      }),
    );
    await u.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event updated')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        id: 'e-flight',
        title: 'Flight TP 1 to Tokyo',
        type: 'transportation',
        status: 'pending',
        date: '2026-12-30',
        startTime: '11:35',
        endTime: '14:25',
        timeZone: 'Europe/Lisbon',
        location: 'Lisbon Airport',
        description: 'Window seat',
        confirmationNumber: 'XK7P2Q',
        endDate: '2026-12-31',
        endTimeZone: 'Asia/Tokyo',
        endLocation: 'Tokyo Narita',
      },
    ]);
  });

  it('offline, a change to a stored event waits on this device: the dialog closes at once and nothing is sent until the connection is back', async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMutation('events.update', (input) => {
        sent.push(input);
        return { ...flight, ...input } as TripEvent;
      }),
    );
    let closed = false;
    renderWithApi(
      <ToastProvider>
        <EventDialog trip={trip} open event={flight} onClose={() => (closed = true)} />
      </ToastProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    act(() => onlineManager.setOnline(false));
    const u = user();
    await u.clear(within(dialog).getByLabelText('Title'));
    await u.type(within(dialog).getByLabelText('Title'), 'TP 4 to Tokyo');
    await u.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(
      await screen.findByText('Saved on this device: it is sent when the connection is back.'),
    ).toBeInTheDocument();
    expect(closed).toBe(true);
    expect(sent).toEqual([]);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ id: flight.id, title: 'TP 4 to Tokyo' })]));
  });
});
