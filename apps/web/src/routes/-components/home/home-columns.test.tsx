import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDaysIso, todayIn } from '@naav/schemas/dates';
import type { Inspiration, Travel, Trip, TripEvent } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { aTravel, aTrip, anEvent } from '~/test/fixtures';
import { renderWithApi } from '~/test/render';
import { testApiUrl, trpcError, trpcPending, trpcQuery } from '~/test/trpc-handlers';
import { FutureColumn } from './future-column';
import { PastColumn } from './past-column';
import { PresentColumn } from './present-column';

const travel = (n: number, imageUrl: string | null = `/images/t${n}.svg`): Travel =>
  aTravel({
    id: `travel-${n}`,
    title: `Journey ${n}`,
    location: `Place ${n}`,
    startDate: `202${n}-03-0${n}`,
    endDate: `202${n}-03-1${n}`,
    imageUrl,
    highlights: ['A highlight'],
  });

const trip: Trip = aTrip();

const event = (n: number, startTime: string | null, status: TripEvent['status'] = 'confirmed'): TripEvent =>
  anEvent({ id: `event-${n}`, title: `Event ${n}`, location: `Spot ${n}`, date: '2026-11-22', startTime, status });

const inspiration = (n: number): Inspiration => ({
  id: `insp-${n}`,
  title: `Idea ${n}`,
  destination: `Destination ${n}`,
  description: 'Nice',
  imageUrl: null,
  category: 'beach',
  type: 'honeymoon',
  duration: 7,
  price: 8900,
  rating: null,
  isFavourite: false,
});

describe('Past column', () => {
  it('shows at most three recent travels with US dates and the fallback image', async () => {
    server.use(trpcQuery('journal.latest', [travel(5, null), travel(4), travel(3), travel(2)]));
    const { container } = renderWithApi(<PastColumn />);
    expect(await screen.findByText('Journey 5')).toBeInTheDocument();
    expect(screen.getByText('Journey 3')).toBeInTheDocument();
    expect(screen.queryByText('Journey 2')).not.toBeInTheDocument();
    expect(screen.getByText('Mar 5, 2025')).toBeInTheDocument();
    const images = container.querySelectorAll('img');
    expect(images[0]).toHaveAttribute('src', '/images/fallback.svg');
    expect(images[1]).toHaveAttribute('src', '/images/t4.svg');
  });

  it('asks the server for the latest three only, never the whole journal', async () => {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => void asked.push(decodeURIComponent(request.url));
    server.events.on('request:start', record);
    try {
      server.use(trpcQuery('journal.latest', [travel(5), travel(4), travel(3)]));
      renderWithApi(<PastColumn />);
      expect(await screen.findByText('Journey 3')).toBeInTheDocument();
      expect(asked.filter((url) => url.includes('/trpc/journal.'))).toEqual([
        `${testApiUrl}/journal.latest?input={"json":{"count":3}}`,
      ]);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('says so when there is no history', async () => {
    server.use(trpcQuery('journal.latest', []));
    renderWithApi(<PastColumn />);
    expect(await screen.findByText('No travel history available')).toBeInTheDocument();
  });

  it('shows its loading text while the journal loads', async () => {
    server.use(trpcPending('journal.latest'));
    renderWithApi(<PastColumn />);
    expect(await screen.findByText('Loading travel history...')).toBeInTheDocument();
  });
});

describe('Present column', () => {
  it("shows the current trip and up to three of today's events in 12-hour time", async () => {
    server.use(
      trpcQuery('trips.current', trip),
      trpcQuery('trips.todaysEvents', [
        event(1, '08:00:00'),
        event(2, '13:15:00', 'pending'),
        event(3, '20:00:00'),
        event(4, '22:00:00'),
      ]),
    );
    renderWithApi(<PresentColumn />);
    expect(await screen.findByRole('heading', { name: 'Lisbon & the Algarve' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('8:00 AM');
    expect(items[1]).toHaveTextContent('1:15 PM');
    expect(items[1]).toHaveTextContent('Pending');
    expect(screen.queryByText('Event 4')).not.toBeInTheDocument();
  });

  it('shows No Current Trip with Plan a Trip when the server answers 404', async () => {
    server.use(trpcError('trips.current', 'NOT_FOUND'), trpcQuery('trips.list', [aTrip({ status: 'past' })]));
    renderWithApi(<PresentColumn />);
    expect(await screen.findByText('No Current Trip')).toBeInTheDocument();
    expect(screen.getByText("You don't have any active trips at the moment.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plan a Trip' })).toHaveAttribute('href', '/my-trips');
  });

  it('shows the next trip, how soon it starts and its first events when nothing is under way', async () => {
    const startDate = addDaysIso(todayIn('Europe/Lisbon'), 12);
    const next = aTrip({
      id: 'trip-next',
      title: 'Tokyo in spring',
      status: 'upcoming',
      startDate,
      endDate: addDaysIso(startDate, 3),
    });
    server.use(
      trpcError('trips.current', 'NOT_FOUND'),
      trpcQuery('trips.list', [aTrip({ status: 'past' }), next]),
      trpcQuery(
        'trips.events',
        [1, 2, 3, 4].map((n) => ({ ...event(n, '09:00:00'), tripId: 'trip-next', date: startDate })),
      ),
      trpcQuery('todos.list', []),
    );
    renderWithApi(<PresentColumn />);
    expect(await screen.findByRole('heading', { name: 'Tokyo in spring' })).toBeInTheDocument();
    expect(screen.getByText(/in 12 days/)).toBeInTheDocument();
    expect(screen.queryByText('No Current Trip')).not.toBeInTheDocument();
    expect(await screen.findByText('Event 3')).toBeInTheDocument();
    expect(screen.queryByText('Event 4')).not.toBeInTheDocument();
    expect(screen.queryByText('Before you go')).not.toBeInTheDocument();
  });

  it("lists the next trip's open to-dos due before it starts, and none of the others", async () => {
    const startDate = addDaysIso(todayIn('Europe/Lisbon'), 12);
    const next = aTrip({
      id: 'trip-next',
      title: 'Tokyo in spring',
      status: 'upcoming',
      startDate,
      endDate: addDaysIso(startDate, 3),
    });
    const todo = (id: string, title: string, dueDate: string | null, done = false) => ({
      id,
      tripId: 'trip-next',
      title,
      dueDate,
      assigneeId: null,
      assigneeName: done ? null : 'Alex Morgan',
      done,
    });
    server.use(
      trpcError('trips.current', 'NOT_FOUND'),
      trpcQuery('trips.list', [next]),
      trpcQuery('trips.events', []),
      trpcQuery('todos.list', [
        todo('t1', 'Buy a rail pass', addDaysIso(startDate, -5)),
        todo('t2', 'Check in online', addDaysIso(startDate, -1), true),
        todo('t3', 'Book the tea ceremony', addDaysIso(startDate, 1)),
        todo('t4', 'Water the plants', null),
      ]),
    );
    renderWithApi(<PresentColumn />);
    const beforeYouGo = await screen.findByRole('region', { name: 'Before you go' });
    expect(
      within(beforeYouGo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^Buy a rail pass.*Alex Morgan$/)]);
  });

  it('shows a journey of today like a boarding pass: both ends in their own zones and how long it takes', async () => {
    const flight = anEvent({
      id: 'flight',
      title: 'TP 1 to Tokyo',
      type: 'transportation',
      location: 'Lisbon',
      date: '2026-11-22',
      startTime: '11:35:00',
      endDate: '2026-11-23',
      endTime: '14:25:00',
      endTimeZone: 'Asia/Tokyo',
      endLocation: 'Tokyo',
    });
    server.use(trpcQuery('trips.current', trip), trpcQuery('trips.todaysEvents', [flight]));
    renderWithApi(<PresentColumn />);
    const item = (await screen.findByText('TP 1 to Tokyo')).closest('li')!;
    expect(item).toHaveTextContent('11:35 AM Lisbon → 2:25 PM +1 Tokyo · 17 h 50 m');
  });

  it('marks a trip someone shared with the user', async () => {
    server.use(
      trpcQuery('trips.current', aTrip({ access: 'view', sharedBy: { name: 'Maya Tanaka' } })),
      trpcQuery('trips.todaysEvents', []),
    );
    renderWithApi(<PresentColumn />);
    expect(await screen.findByText('Shared by Maya')).toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
  });

  it('says when nothing is scheduled today', async () => {
    server.use(trpcQuery('trips.current', trip), trpcQuery('trips.todaysEvents', []));
    renderWithApi(<PresentColumn />);
    expect(await screen.findByText('No events scheduled for today')).toBeInTheDocument();
  });

  it('shows its loading text while the trip loads', async () => {
    server.use(trpcPending('trips.current'));
    renderWithApi(<PresentColumn />);
    expect(await screen.findByText('Loading current trip details...')).toBeInTheDocument();
  });
});

describe('Future column', () => {
  it('shows at most three inspirations', async () => {
    server.use(
      trpcQuery('inspirations.nextTrip', {
        trip: null,
        ideas: [1, 2, 3, 4].map(inspiration).map((i) => ({ ...i, reason: null })),
      }),
    );
    renderWithApi(<FutureColumn />);
    expect(await screen.findByText('Idea 1')).toBeInTheDocument();
    expect(screen.getByText('Idea 3')).toBeInTheDocument();
    expect(screen.queryByText('Idea 4')).not.toBeInTheDocument();
    expect(screen.getAllByText('7 days · from $8,900')).toHaveLength(3);
  });

  it('says which trip the ideas lean towards, and why each fits', async () => {
    const ideas = [
      { ...inspiration(1), reason: 'Near Tokyo, for Tokyo summer.' },
      { ...inspiration(2), reason: null },
    ];
    server.use(
      trpcQuery('inspirations.nextTrip', {
        trip: {
          id: 'trip-1',
          title: 'Tokyo summer',
          destination: 'Japan',
          location: 'Tokyo, Japan',
          startDate: '2026-07-01',
        },
        ideas,
      }),
    );
    renderWithApi(<FutureColumn />);
    expect(await screen.findByText('Picked for Tokyo summer')).toBeInTheDocument();
    expect(screen.getByText('Near Tokyo, for Tokyo summer.')).toBeInTheDocument();
  });

  it('treats a failed load like an empty catalogue', async () => {
    server.use(trpcError('inspirations.nextTrip', 'INTERNAL_SERVER_ERROR'));
    renderWithApi(<FutureColumn />);
    expect(await screen.findByText('No inspirations available')).toBeInTheDocument();
  });

  it('shows its loading text while ideas load', async () => {
    server.use(trpcPending('inspirations.nextTrip'));
    renderWithApi(<FutureColumn />);
    expect(await screen.findByText('Loading recommendations...')).toBeInTheDocument();
  });
});
