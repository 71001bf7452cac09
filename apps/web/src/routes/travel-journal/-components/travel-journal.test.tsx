import { ToastProvider } from '@naav/ui/toast';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { Travel } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { aTravel } from '~/test/fixtures';
import { renderWithApi } from '~/test/render';
import {
  testApiUrl,
  trpcError,
  trpcFieldError,
  trpcInputOf,
  trpcMutation,
  trpcPending,
  type OutputOf,
} from '~/test/trpc-handlers';
import { journalApi } from './journal-test-api';
import type { JournalSearch } from './journal-search';
import { TravelJournal } from './travel-journal';

const travel = (t: Partial<Travel> & Pick<Travel, 'id' | 'title' | 'startDate' | 'endDate'>): Travel => aTravel(t);

const rome = travel({
  id: 'travel-rome',
  tripId: 'trip-rome',
  title: 'Roman Holiday',
  location: 'Rome, Italy',
  startDate: '2023-01-10',
  endDate: '2023-01-15',
  imageUrl: '/images/rome.svg',
  description: 'Ancient ruins by day, trattorias in Trastevere by night.',
  highlights: ['Underground tour of the Colosseum', 'Vatican Museums before hours', 'Gelato crawl'],
  tags: ['Family'],
  latitude: 41.9028,
  longitude: 12.4964,
});
const iceland = travel({
  id: 'travel-iceland',
  title: 'Iceland Ring Road',
  location: 'Reykjavík, Iceland',
  startDate: '2025-06-20',
  endDate: '2025-06-29',
  description: 'Waterfalls, glaciers and black-sand beaches.',
  tags: ['Adventure'],
  latitude: 64.1466,
  longitude: -21.9426,
});
const bali = travel({
  id: 'travel-bali',
  title: 'Bali Wellness Retreat',
  location: 'Ubud, Bali, Indonesia',
  startDate: '2024-06-01',
  endDate: '2024-06-09',
  description: 'Yoga at sunrise and the Tegallalang rice terraces.',
  tags: ['Solo'],
  latitude: -8.5069,
  longitude: 115.2625,
});
// Over New Year: it belongs to both years. Ghent is not in the bundled city list, so it has no pin.
const ghent = travel({
  id: 'travel-ghent',
  title: 'New Year in Ghent',
  location: 'Ghent, Belgium',
  startDate: '2025-12-30',
  endDate: '2026-01-02',
  tags: ['Romantic', 'Family'],
});
// Not in date order, so the year filter has to sort.
const journal = [bali, ghent, rome, iceland];

/** The journal with its search kept in state, as the route keeps it in the URL; every change is recorded. */
function Harness({ initial, changes }: { initial: JournalSearch; changes: JournalSearch[] }) {
  const [search, setSearch] = useState(initial);
  return (
    <TravelJournal
      search={search}
      onSearchChange={(next) => {
        changes.push(next);
        setSearch(next);
      }}
    />
  );
}

function renderJournal(initial: JournalSearch = {}) {
  const changes: JournalSearch[] = [];
  renderWithApi(
    <ToastProvider>
      <Harness initial={initial} changes={changes} />
    </ToastProvider>,
  );
  return { changes, user: userEvent.setup({ delay: null }) };
}

const cardTitles = () =>
  within(screen.getByRole('region', { name: 'Your travels' }))
    .queryAllByRole('button')
    .map((card) => card.querySelector('span > span')?.textContent);

describe('Travel Journal', { timeout: 15_000 }, () => {
  it('shows its loading text while the journal loads', async () => {
    server.use(trpcPending('journal.overview'), trpcPending('journal.page'));
    renderJournal();
    expect(await screen.findByText('Loading travel history...')).toBeInTheDocument();
  });

  it('says there is nothing to map, or to list, without any history', async () => {
    server.use(...journalApi(() => []).handlers);
    const { user } = renderJournal();
    expect(await screen.findByText('No travel history available to display on map')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List View' }));
    expect(await screen.findByText('No travel history available')).toBeInTheDocument();
    expect(screen.getByText('Select a Trip')).toBeInTheDocument();
  });

  it('says so when the journal cannot be loaded', async () => {
    server.use(trpcError('journal.page', 'INTERNAL_SERVER_ERROR'), ...journalApi(() => journal).handlers);
    renderJournal();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your travel journal could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists cards with title, month and year, and location', async () => {
    server.use(...journalApi(() => journal).handlers);
    renderJournal({ view: 'list' });
    const card = await screen.findByRole('button', { name: /Iceland Ring Road/ });
    expect(card).toHaveTextContent('June 2025');
    expect(card).toHaveTextContent('Reykjavík, Iceland');
    // No image: the fallback picture.
    expect(card.querySelector('img')).toHaveAttribute('src', '/images/fallback.svg');
    expect(screen.getByRole('button', { name: /Roman Holiday/ }).querySelector('img')).toHaveAttribute(
      'src',
      '/images/rome.svg',
    );
  });

  it('offers All years and then the years found, newest first, and filters by year', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user } = renderJournal({ view: 'list' });
    await screen.findByRole('button', { name: /Roman Holiday/ });
    const year = screen.getByLabelText('Year');
    expect(
      within(year)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All years', '2026', '2025', '2024', '2023']);
    await user.selectOptions(year, '2026');
    await waitFor(() => expect(cardTitles()).toEqual(['New Year in Ghent']));
    await user.selectOptions(year, '2025');
    await waitFor(() => expect(cardTitles()).toEqual(['New Year in Ghent', 'Iceland Ring Road']));
    expect(await screen.findByText('Showing 2 of 4 travels')).toBeInTheDocument();
    await user.selectOptions(year, 'All years');
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
  });

  it('filters by tag', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user } = renderJournal({ view: 'list' });
    await screen.findByRole('button', { name: /Roman Holiday/ });
    const tag = screen.getByLabelText('Tag');
    expect(
      within(tag)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All tags', 'Family', 'Solo', 'Romantic', 'Adventure']);
    await user.selectOptions(tag, 'Family');
    await waitFor(() => expect(cardTitles()).toEqual(['New Year in Ghent', 'Roman Holiday']));
    await user.selectOptions(tag, 'Solo');
    await waitFor(() => expect(cardTitles()).toEqual(['Bali Wellness Retreat']));
  });

  it('searches title, location and description, ignoring case and accents', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user } = renderJournal({ view: 'list' });
    await screen.findByRole('button', { name: /Roman Holiday/ });
    const search = screen.getByLabelText('Search');
    await user.type(search, 'REYKJAVIK');
    await waitFor(() => expect(cardTitles()).toEqual(['Iceland Ring Road']));
    await user.clear(search);
    await user.type(search, 'trastevere');
    await waitFor(() => expect(cardTitles()).toEqual(['Roman Holiday']));
    await user.clear(search);
    await user.type(search, 'ghent');
    await waitFor(() => expect(cardTitles()).toEqual(['New Year in Ghent']));
  });

  it('asks for the next page as the end of the list comes into sight, and keeps the list when that fails', async () => {
    const many = Array.from({ length: 35 }, (_, i) =>
      travel({
        id: `travel-${i}`,
        title: `Journey ${String(i).padStart(2, '0')}`,
        startDate: '2020-01-01',
        endDate: '2020-01-02',
      }),
    );
    let failLater = true;
    const api = journalApi(() => many);
    server.use(
      http.get(`${testApiUrl}/journal.page`, ({ request }) => {
        if (!failLater || !new URL(request.url).searchParams.get('input')?.includes('cursor')) return undefined;
        return HttpResponse.json(
          {
            error: superjson.serialize({
              message: 'down',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            }),
          },
          { status: 500 },
        );
      }),
      ...api.handlers,
    );
    const { user } = renderJournal({ view: 'list' });
    await screen.findByRole('button', { name: /Journey 00/ });
    expect(await screen.findByRole('alert')).toHaveTextContent('More travels could not be loaded.');
    expect(cardTitles().filter(Boolean)).toHaveLength(30);
    failLater = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(35));
    expect(cardTitles().at(-1)).toBe('Journey 34');
    expect(api.asked.at(-1)).toMatchObject({ cursor: '30', limit: 30 });
  });

  it('asks the server with the filters, once the typing pauses, and counts the matches from its answer', async () => {
    const api = journalApi(() => journal);
    server.use(...api.handlers);
    const { user } = renderJournal({ view: 'list' });
    await screen.findByRole('button', { name: /Roman Holiday/ });
    expect(screen.getByText('4 travels')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'trastevere');
    await user.selectOptions(screen.getByLabelText('Tag'), 'Family');
    await waitFor(() => expect(cardTitles()).toEqual(['Roman Holiday']));
    expect(await screen.findByText('Showing 1 of 4 travels')).toBeInTheDocument();
    // One question per settled search, not one per key.
    expect([...new Set(api.asked.filter((input) => input.q).map((input) => input.q))]).toEqual(['trastevere']);
    expect(api.asked.at(-1)).toMatchObject({ q: 'trastevere', tag: 'Family', limit: 30 });
  });

  it('says when nothing matches and resets the filters', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user } = renderJournal({ view: 'list' });
    await screen.findByRole('button', { name: /Roman Holiday/ });
    await user.type(screen.getByLabelText('Search'), 'rome');
    await user.selectOptions(screen.getByLabelText('Tag'), 'Solo');
    expect(await screen.findByText('No travel history found matching your filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Tag')).toHaveValue('');
  });

  it('shows the chosen travel in the panel and puts it in the address', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user, changes } = renderJournal({ view: 'list' });
    const card = await screen.findByRole('button', { name: /Roman Holiday/ });
    const panel = screen.getByRole('complementary', { name: 'Travel details' });
    expect(within(panel).getByRole('heading', { name: 'Select a Trip' })).toBeInTheDocument();

    await user.click(card);
    expect(changes.at(-1)).toEqual({ view: 'list', travel: 'travel-rome' });
    expect(within(panel).getByRole('heading', { name: 'Roman Holiday' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Jan 10 – Jan 15, 2023');
    expect(panel).toHaveTextContent('Rome, Italy');
    expect(within(panel).getByText('Family Trip')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Ancient ruins by day');
    // Four photos, the travel's own first, then three stock photos.
    const photos = within(within(panel).getByRole('region', { name: 'Photos' })).getAllByRole('img');
    expect(photos).toHaveLength(4);
    expect(photos[0]).toHaveAttribute('src', '/images/rome.svg');
    expect(
      photos
        .slice(1)
        .every((p) => p.getAttribute('src')?.startsWith('/images/') && p.getAttribute('src') !== '/images/rome.svg'),
    ).toBe(true);
    const highlights = within(within(panel).getByRole('region', { name: 'Highlights' })).getAllByRole('listitem');
    expect(highlights.map((h) => h.textContent)).toEqual([
      '1Underground tour of the Colosseum',
      '2Vatican Museums before hours',
      '3Gelato crawl',
    ]);
    expect(within(panel).getByRole('link', { name: /Open the full page/ })).toHaveAttribute(
      'href',
      '/travel/travel-rome',
    );
    expect(screen.getByRole('button', { name: /Roman Holiday/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('selects the entry of the trip named in the address (?trip=)', async () => {
    server.use(...journalApi(() => journal).handlers);
    renderJournal({ trip: 'trip-rome' });
    const panel = await screen.findByRole('complementary', { name: 'Travel details' });
    expect(await within(panel).findByRole('heading', { name: 'Roman Holiday' })).toBeInTheDocument();
  });

  it('puts a pin per travel on the map, lists the unplaced ones, and a pin opens the panel', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user, changes } = renderJournal();
    const map = await screen.findByRole('group', { name: 'Map of your travels' });
    await within(map).findByRole('button', { name: 'Roman Holiday, Rome, Italy' });
    const pins = within(map).getAllByRole('button');
    expect(pins.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Bali Wellness Retreat, Ubud, Bali, Indonesia',
      'Roman Holiday, Rome, Italy',
      'Iceland Ring Road, Reykjavík, Iceland',
    ]);
    expect(await screen.findByText(/Not on the map:/)).toHaveTextContent(
      'Not on the map: New Year in Ghent (Ghent, Belgium)',
    );

    await user.click(within(map).getByRole('button', { name: 'Iceland Ring Road, Reykjavík, Iceland' }));
    expect(changes.at(-1)).toEqual({ travel: 'travel-iceland' });
    const panel = screen.getByRole('complementary', { name: 'Travel details' });
    expect(await within(panel).findByRole('heading', { name: 'Iceland Ring Road' })).toBeInTheDocument();
    expect(within(panel).getByText('Adventure Trip')).toBeInTheDocument();
    // Filters apply to the map too.
    await user.selectOptions(screen.getByLabelText('Tag'), 'Solo');
    await waitFor(() => expect(within(map).getAllByRole('button')).toHaveLength(1));
    expect(screen.queryByText(/Not on the map:/)).not.toBeInTheDocument();
  });

  it('asks for the pins of the part in view as the map zooms, and draws a cluster the server counted', async () => {
    const api = journalApi(() => journal);
    const zoomedAsked: { zoom: number; west: number; east: number }[] = [];
    const rome = {
      latitude: 41.9,
      longitude: 12.5,
      count: 12,
      travel: { id: 'travel-rome', title: 'Roman Holiday', location: 'Rome, Italy' },
    };
    server.use(
      // Zoomed in, the server answers a cluster of twelve; the whole world falls through to the journal below.
      http.get(`${testApiUrl}/journal.pins`, ({ request }) => {
        const input = trpcInputOf(request) as { zoom: number; west: number; east: number };
        if (input.east - input.west >= 360) return undefined;
        zoomedAsked.push(input);
        const zoomed: OutputOf<'journal.pins'> = { pins: [rome], unplaced: [], unplacedCount: 0 };
        return HttpResponse.json({ result: { data: superjson.serialize(zoomed) } });
      }),
      ...api.handlers,
    );
    const { user } = renderJournal();
    const map = await screen.findByRole('group', { name: 'Map of your travels' });
    await within(map).findByRole('button', { name: 'Roman Holiday, Rome, Italy' });
    expect(api.pinsAsked.at(-1)).toMatchObject({ west: -180, south: -90, east: 180, north: 90 });
    const wholeWorldZoom = Number(api.pinsAsked.at(-1)!.zoom);

    await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    // Busy from the zoom until that part's pins are drawn.
    expect(map).toHaveAttribute('aria-busy', 'true');
    const cluster = await within(map).findByRole(
      'button',
      { name: /^12 travels here: 12 travels near Rome, Italy/ },
      { timeout: 3000 },
    );
    expect(cluster).toHaveTextContent('12');
    await waitFor(() => expect(map).toHaveAttribute('aria-busy', 'false'));
    // Asked once the zooming settled, for less than the whole world, at a finer grid.
    const last = zoomedAsked.at(-1)!;
    expect(last.zoom).toBeGreaterThan(wholeWorldZoom);
    expect(last.east - last.west).toBeLessThan(360);
  });
});

// Filling a whole form takes a while on a busy machine.
describe('Add a past travel', { timeout: 20_000 }, () => {
  const created = travel({
    id: 'travel-new',
    title: 'Weekend in Prague',
    location: 'Prague, Czechia',
    startDate: '2019-04-12',
    endDate: '2019-04-14',
    highlights: ['Charles Bridge at dawn', 'Beer garden on Letná'],
    tags: ['Romantic'],
    latitude: 50.0755,
    longitude: 14.4378,
  });

  it('names the missing fields before asking the server', async () => {
    server.use(...journalApi(() => journal).handlers);
    const { user } = renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Add a past travel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a past travel' });
    await user.click(within(dialog).getByRole('button', { name: 'Add travel' }));
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription('Enter a title');
    expect(within(dialog).getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Location')).toHaveAccessibleDescription(
      'City and country, e.g. Kyoto, Japan Enter a location',
    );
    expect(within(dialog).getByLabelText('Start date')).toHaveAccessibleDescription('Enter a start date');
    expect(within(dialog).getByLabelText('End date')).toHaveAccessibleDescription('Enter an end date');
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
  });

  it('says an end before the start, as the server would, before asking it', async () => {
    let asked = false;
    server.use(
      ...journalApi(() => journal).handlers,
      trpcMutation('journal.create', () => {
        asked = true;
        return created;
      }),
    );
    const { user } = renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Add a past travel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a past travel' });
    await user.type(within(dialog).getByLabelText('Title'), 'Backwards');
    await user.type(within(dialog).getByLabelText('Location'), 'Rome');
    await user.type(within(dialog).getByLabelText('Start date'), '2019-05-10');
    await user.type(within(dialog).getByLabelText('End date'), '2019-05-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add travel' }));
    expect(within(dialog).getByLabelText('End date')).toHaveAccessibleDescription(
      'The end date cannot be before the start date',
    );
    expect(within(dialog).getByLabelText('End date')).toHaveFocus();
    expect(asked).toBe(false);
  });

  it("shows the server's field errors beside the field and in a toast", async () => {
    server.use(
      ...journalApi(() => journal).handlers,
      trpcFieldError('journal.create', 'endDate', 'The end date cannot be before the start date'),
    );
    const { user } = renderJournal();
    await user.click(await screen.findByRole('button', { name: 'Add a past travel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a past travel' });
    await user.type(within(dialog).getByLabelText('Title'), 'Backwards');
    await user.type(within(dialog).getByLabelText('Location'), 'Rome');
    // Dates the form accepts: the answer stands for a rule only the server knows.
    await user.type(within(dialog).getByLabelText('Start date'), '2019-05-01');
    await user.type(within(dialog).getByLabelText('End date'), '2019-05-10');
    await user.click(within(dialog).getByRole('button', { name: 'Add travel' }));
    expect(await within(dialog).findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    // Announced inside the dialog (the page behind it is inert), and as a destructive toast.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'End date: The end date cannot be before the start date',
    );
    const toast = screen.getByText('The travel could not be added', { selector: '[role=alert] *' });
    expect(toast.parentElement).toHaveTextContent('End date: The end date cannot be before the start date');
    // The form keeps what was typed.
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Backwards');
  });

  it('sends the form, then shows the new travel selected', async () => {
    let sent: unknown;
    let added = false;
    server.use(
      ...journalApi(() => (added ? [...journal, created] : journal)).handlers,
      trpcMutation('journal.create', (input) => {
        sent = input;
        added = true;
        return created;
      }),
    );
    const { user, changes } = renderJournal({ view: 'list' });
    await user.click(await screen.findByRole('button', { name: 'Add a past travel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a past travel' });
    await user.type(within(dialog).getByLabelText('Title'), 'Weekend in Prague');
    await user.type(within(dialog).getByLabelText('Location'), 'Prague, Czechia');
    await user.type(within(dialog).getByLabelText('Start date'), '2019-04-12');
    await user.type(within(dialog).getByLabelText('End date'), '2019-04-14');
    await user.type(
      within(dialog).getByLabelText('Highlights'),
      'Charles Bridge at dawn{enter}{enter}  Beer garden on Letná  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Romantic' }));
    expect(within(dialog).getByRole('button', { name: 'Romantic' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Add travel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toMatchObject({
      title: 'Weekend in Prague',
      location: 'Prague, Czechia',
      startDate: '2019-04-12',
      endDate: '2019-04-14',
      highlights: ['Charles Bridge at dawn', 'Beer garden on Letná'],
      tags: ['Romantic'],
    });
    expect(changes.at(-1)).toEqual({ view: 'list', travel: 'travel-new' });
    const panel = screen.getByRole('complementary', { name: 'Travel details' });
    expect(await within(panel).findByRole('heading', { name: 'Weekend in Prague' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Weekend in Prague/ })).toHaveTextContent('April 2019');
    expect(await screen.findByText('Travel added')).toBeInTheDocument();
  });
});
