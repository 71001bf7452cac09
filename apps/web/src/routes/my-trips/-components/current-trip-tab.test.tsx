import { addDays, format, parseISO } from 'date-fns';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs, Trip, TripEvent } from '~/lib/api-types';
import { FakeEventSource } from '~/test/fake-event-source';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcMutation, trpcPending, trpcQuery, trpcQueryFrom } from '~/test/trpc-handlers';
import { CurrentTripTab } from './current-trip-tab';
import { MyTripsPage } from './my-trips-page';
import { todayIn } from '@naav/schemas/dates';

const zone = 'Europe/Lisbon';
const today = todayIn(zone);
/** A date `offset` days from today where the trip is. */
const day = (offset: number) => format(addDays(parseISO(today), offset), 'yyyy-MM-dd');

const tripFrom = (start: number, end: number): Trip => ({
  id: 'trip-1',
  title: 'Lisbon & the Algarve',
  destination: 'Portugal',
  location: 'Lisbon, Portugal',
  startDate: day(start),
  endDate: day(end),
  status: 'current',
  timeZone: zone,
  imageUrl: null,
  description: null,
  accommodation: 'Memmo Alfama',
  transportation: null,
  notes: null,
  hotelPhone: '+351 210 495 660',
  conciergePhone: null,
  baseCurrency: 'EUR',
  budgetTotal: null,
  access: 'owner',
  sharedBy: null,
});

const event = (
  id: string,
  offset: number,
  title: string,
  startTime: string | null,
  type: TripEvent['type'] = 'activity',
): TripEvent => ({
  id,
  tripId: 'trip-1',
  title,
  description: null,
  location: null,
  date: day(offset),
  startTime,
  endTime: null,
  timeZone: 'Europe/Lisbon',
  endDate: null,
  endTimeZone: null,
  endLocation: null,
  confirmationNumber: null,
  type,
  status: 'confirmed',
});

const localInfo: RouterOutputs['trips']['localInfo'] = {
  emergencyNumber: '112',
  currency: { code: 'EUR', name: 'Euro', symbol: '€' },
  timeZone: zone,
  utcOffset: 'UTC+00:00',
  coordinates: { latitude: 38.7, longitude: -9.1 },
  typicalWeather: { month: 'November', highC: 18, lowC: 12, summary: 'Mild with frequent showers' },
};

const companions = [
  { id: 'c1', name: 'Jamie Morgan', relationship: 'Spouse', imageUrl: null },
  { id: 'c2', name: 'Lily Morgan', relationship: 'Daughter', imageUrl: null },
];

function serve(trip: Trip, events: TripEvent[] = [], people = companions) {
  server.use(
    trpcQuery('trips.current', trip),
    trpcQuery('trips.events', events),
    trpcQuery('trips.companions', people),
    trpcQuery('trips.localInfo', localInfo),
  );
}

const render = () =>
  renderWithApi(
    <ToastProvider>
      <CurrentTripTab />
    </ToastProvider>,
  );

const previous = () => screen.getByRole('button', { name: /Previous day/ });
const next = () => screen.getByRole('button', { name: /Next day/ });

// Role queries over the whole tab are slow in jsdom on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });
describe('My Trips, Current Trip tab', { timeout: 20_000 }, () => {
  it('a trip shared with the user is marked, with only what their permission allows', async () => {
    serve({ ...tripFrom(-1, 2), access: 'view', sharedBy: { name: 'Maya Tanaka' } });
    render();
    expect(await screen.findByText('Shared by Maya')).toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Event' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import booking' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a companion' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Trip options' }));
    expect(await screen.findByRole('menuitem', { name: 'Export to Calendar' })).toBeInTheDocument();
    for (const name of ['Edit Trip Details', 'Share Itinerary', 'Cancel Trip'])
      expect(screen.queryByRole('menuitem', { name })).toBeNull();
  });

  it('an edit member adds events and edits the trip, but neither shares nor cancels it', async () => {
    serve({ ...tripFrom(-1, 2), access: 'edit', sharedBy: { name: 'Maya Tanaka' } });
    render();
    expect(await screen.findByText('Shared by Maya')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Event' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a companion' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Trip options' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Trip Details' })).toBeInTheDocument();
    for (const name of ['Share Itinerary', 'Cancel Trip']) expect(screen.queryByRole('menuitem', { name })).toBeNull();
  });

  it("opens on today's day of the trip, with its schedule in 12-hour time, the Active Trip badge and the counters", async () => {
    serve(tripFrom(-2, 4), [
      event('e1', 0, 'Alfama walking tour', '10:00:00'),
      event('e2', 0, 'Breakfast on the terrace', '08:00:00', 'meal'),
      event('e3', 1, 'Day trip to Sintra', '09:00:00'),
      event('e4', -2, 'Flight to Lisbon', '07:35:00', 'transportation'),
    ]);
    render();
    expect(await screen.findByRole('heading', { name: 'Day 3 of 7' })).toBeInTheDocument();
    expect(screen.getByText('Active Trip')).toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: "Today's Schedule" });
    expect(await within(schedule).findByText('Alfama walking tour')).toBeInTheDocument();
    expect(within(schedule).getByText('10:00 AM')).toBeInTheDocument();
    expect(within(schedule).queryByText('Day trip to Sintra')).not.toBeInTheDocument();
    // Days counts inclusively: 7 days; two companions; activities only (not the meal or the flight).
    const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;
    expect(counter('Days')).toHaveTextContent('7');
    await within(counter('Companions')).findByText('2');
    expect(counter('Activities')).toHaveTextContent('2');
    expect(await screen.findByText('Typical for November')).toBeInTheDocument();
  });

  it('steps through the days; Previous is disabled on day 1 and Next on the last day', async () => {
    const user = userEvent.setup();
    serve(tripFrom(-1, 1), [event('e1', -1, 'Arrival dinner', '20:00:00', 'meal')]);
    render();
    expect(await screen.findByRole('heading', { name: 'Day 2 of 3' })).toBeInTheDocument();
    expect(await screen.findByText('Free Day')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No scheduled activities for today. Enjoy your free time or contact your concierge to arrange activities.',
      ),
    ).toBeInTheDocument();

    await user.click(previous());
    expect(screen.getByRole('heading', { name: 'Day 1 of 3' })).toBeInTheDocument();
    expect(screen.getByText('Arrival dinner')).toBeInTheDocument();
    expect(screen.getByText('8:00 PM')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();

    await user.click(next());
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Day 3 of 3' })).toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(previous()).toBeEnabled();
  });

  it('Add Event opens the event dialog on the day shown, and the day panel follows the new event to its day', async () => {
    const user = userEvent.setup({ delay: null });
    const events = [event('e1', 0, 'Alfama walking tour', '10:00:00')];
    const sent: unknown[] = [];
    server.use(
      trpcQuery('trips.current', tripFrom(-1, 1)),
      trpcQueryFrom('trips.events', () => [...events]),
      trpcQuery('trips.companions', companions),
      trpcQuery('trips.localInfo', localInfo),
      trpcMutation('events.create', (input) => {
        sent.push(input);
        const added = { ...event('e2', 1, input.title, '18:30:00'), type: input.type };
        events.push(added);
        return added;
      }),
    );
    render();
    expect(await screen.findByRole('heading', { name: 'Day 2 of 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    // The shared dialog, on the day shown, in the trip's zone.
    expect(within(dialog).getByLabelText('Date')).toHaveValue(day(0));
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue(zone);
    await user.type(within(dialog).getByLabelText('Title'), 'Port wine tasting');
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, day(1));
    await user.type(within(dialog).getByLabelText(/^Start time/), '18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(await screen.findByText('Event added')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        id: 'trip-1',
        title: 'Port wine tasting',
        date: day(1),
        startTime: '18:30',
        timeZone: zone,
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Day 3 of 3' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: "Today's Schedule" })).findByText('Port wine tasting'),
    ).toBeInTheDocument();
  });

  it('edits an event from the day panel in the same dialog; moved to another day, the panel follows it', async () => {
    const user = userEvent.setup({ delay: null });
    let events = [event('e1', 0, 'Alfama walking tour', '10:00:00')];
    const sent: unknown[] = [];
    server.use(
      trpcQuery('trips.current', tripFrom(-1, 1)),
      trpcQueryFrom('trips.events', () => events),
      trpcQuery('trips.companions', companions),
      trpcQuery('trips.localInfo', localInfo),
      trpcMutation('events.update', (input) => {
        sent.push(input);
        const changed = { ...events[0]!, title: input.title ?? '', date: input.date ?? '' };
        events = [changed];
        return changed;
      }),
    );
    render();
    const schedule = await screen.findByRole('region', { name: "Today's Schedule" });
    await user.click(await within(schedule).findByRole('button', { name: 'Edit Alfama walking tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Alfama walking tour');
    expect(within(dialog).getByLabelText(/^Start time/)).toHaveValue('10:00');
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, day(-1));
    await user.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event updated')).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ id: 'e1', date: day(-1), startTime: '10:00' })]);
    expect(await screen.findByRole('heading', { name: 'Day 1 of 3' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: "Today's Schedule" })).findByText('Alfama walking tour'),
    ).toBeInTheDocument();
  });

  it('clamps the starting day to the last day when today is past the end', async () => {
    serve(tripFrom(-9, -5));
    render();
    expect(await screen.findByRole('heading', { name: 'Day 5 of 5' })).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('clamps the starting day to day 1 when the trip starts later', async () => {
    serve(tripFrom(3, 5));
    render();
    expect(await screen.findByRole('heading', { name: 'Day 1 of 3' })).toBeInTheDocument();
    expect(screen.getByText(format(parseISO(day(3)), 'EEEE, MMM d, yyyy'))).toBeInTheDocument();
    expect(previous()).toBeDisabled();
  });

  it('shows --:-- for an event without a time', async () => {
    serve(tripFrom(0, 2), [event('e1', 0, 'Kayak tour', null)]);
    render();
    const schedule = await screen.findByRole('region', { name: "Today's Schedule" });
    expect(await within(schedule).findByText('--:--')).toBeInTheDocument();
  });

  it('lists emergency numbers as phone links: 112, the hotel, and says when the concierge is missing', async () => {
    serve(tripFrom(0, 2));
    render();
    const contacts = await screen.findByRole('region', { name: 'Emergency Contacts' });
    expect(within(contacts).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    expect(within(contacts).getByRole('link', { name: '+351 210 495 660' })).toHaveAttribute(
      'href',
      'tel:+351210495660',
    );
    expect(within(contacts).getByText(/Not on file/)).toBeInTheDocument();
  });

  it('says when no companions are added', async () => {
    serve(tripFrom(0, 2), [], []);
    render();
    expect(await screen.findByText('No companions added to this trip.')).toBeInTheDocument();
  });

  it('shows No Current Trip when the server answers 404', async () => {
    server.use(trpcError('trips.current', 'NOT_FOUND'));
    render();
    expect(await screen.findByText('No Current Trip')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan a Trip' })).toHaveAttribute('href', '/my-trips?tab=upcoming');
  });

  it('offers a retry when the trip cannot be loaded', async () => {
    server.use(trpcError('trips.current', 'INTERNAL_SERVER_ERROR'));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your current trip.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows its loading text while the trip loads', async () => {
    server.use(trpcPending('trips.current'));
    render();
    expect(await screen.findByText('Loading current trip details...')).toBeInTheDocument();
  });

  it("shows the schedule's loading text while the events load", async () => {
    server.use(
      trpcQuery('trips.current', tripFrom(0, 2)),
      trpcPending('trips.events'),
      trpcQuery('trips.companions', []),
      trpcQuery('trips.localInfo', localInfo),
    );
    render();
    expect(await screen.findByText("Loading today's schedule...")).toBeInTheDocument();
  });
});

describe('My Trips, live', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Renders the current trip signed in as u1, with live updates on a fake EventSource the test pushes to. */
  function renderFollowingLive() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    server.use(
      trpcQuery('me.get', {
        id: 'u1',
        name: 'Jordan Lee',
        email: 'jordan@naav.example',
        role: 'client',
        initials: 'JL',
        emailVerified: true,
        twoFactorEnabled: false,
        hasPassword: true,
        twoFactorRequired: false,
      }),
      trpcQuery('documents.tripWarnings', []),
    );
    renderWithApi(
      <ToastProvider>
        <MyTripsPage tab="current" onTabChange={() => undefined} />
      </ToastProvider>,
    );
  }

  it("follows the current trip as well as the user's list: an event another member adds shows in today's schedule", async () => {
    const events = [event('e1', 0, 'Alfama walking tour', '10:00:00')];
    serve(tripFrom(-2, 4));
    server.use(trpcQueryFrom('trips.events', () => [...events]));
    renderFollowingLive();
    const schedule = await screen.findByRole('region', { name: "Today's Schedule" });
    expect(await within(schedule).findByText('Alfama walking tour')).toBeInTheDocument();
    const stream = () => FakeEventSource.latest();
    await vi.waitFor(() =>
      expect(JSON.parse(new URL(stream()!.url).searchParams.get('input')!).json.topics).toEqual([
        'trip:trip-1',
        'trips:u1',
      ]),
    );

    events.push(event('e2', 0, 'Fado dinner', '20:00:00', 'meal'));
    stream()!.push({ position: 7, topic: 'trip:trip-1', rowId: 'e2', kind: 'event' }, '7');
    expect(await within(schedule).findByText('Fado dinner')).toBeInTheDocument();
  });

  it('keeps the trip on screen when a refresh fails (the network dropped mid-request); a 404 still means the trip ended', async () => {
    serve(tripFrom(-2, 4), [event('e1', 0, 'Alfama walking tour', '10:00:00')]);
    renderFollowingLive();
    expect(await screen.findByRole('heading', { name: 'Day 3 of 7' })).toBeInTheDocument();
    await vi.waitFor(() => expect(FakeEventSource.latest()?.url).toContain('trip%3Atrip-1'));

    // The trip's details change; the refresh that follows fails.
    let asked = 0;
    server.use(
      trpcQueryFrom('trips.current', () => {
        asked += 1;
        throw new Error('connection lost');
      }),
    );
    FakeEventSource.latest()!.push({ position: 8, topic: 'trip:trip-1', rowId: 'trip-1', kind: 'details' }, '8');
    await vi.waitFor(() => expect(asked).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { name: 'Day 3 of 7' })).toBeInTheDocument();
    expect(screen.queryByText("We couldn't load your current trip.")).not.toBeInTheDocument();

    // The trip was cancelled elsewhere: the next refresh answers 404.
    server.use(trpcError('trips.current', 'NOT_FOUND'));
    FakeEventSource.latest()!.push({ position: 9, topic: 'trip:trip-1', rowId: 'trip-1', kind: 'details' }, '9');
    expect(await screen.findByText('No Current Trip')).toBeInTheDocument();
  });
});
