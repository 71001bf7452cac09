import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownImageMessage } from '@naav/schemas/own-image';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterInputs, RouterOutputs } from '../lib/api-types';
import { aTrip } from '../test/fixtures';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcFieldError, trpcMutation, trpcQueryFrom } from '../test/trpc-handlers';
import { NewTripDialog } from './new-trip-dialog';

configure({ asyncUtilTimeout: 5000 });

type CreateInput = RouterInputs['trips']['create'];
type Lookup = RouterOutputs['places']['lookup'];

const tokyo: Lookup = {
  place: {
    name: 'Tokyo',
    country: 'Japan',
    countryCode: 'JP',
    latitude: 35.685,
    longitude: 139.7514,
    timeZone: 'Asia/Tokyo',
  },
  timeZone: 'Asia/Tokyo',
  currency: 'JPY',
};

/** Answers places.lookup as the server's tables would for the places these tests type. */
const lookUpPlaces = () =>
  trpcQueryFrom(
    'places.lookup',
    ({ query }): Lookup => (query.startsWith('Tokyo') ? tokyo : { place: null, timeZone: null, currency: null }),
  );

/** Answers trips.create like the server, recording what was sent. */
const acceptTrips = (sent: CreateInput[]) =>
  trpcMutation('trips.create', (input) => {
    sent.push(input);
    return aTrip({
      id: 'trip-new',
      title: input.title.trim(),
      destination: input.destination,
      location: input.location,
      status: 'upcoming',
    });
  });

function render() {
  server.use(lookUpPlaces());
  return renderWithApi(
    <ToastProvider>
      <NewTripDialog open onClose={() => {}} />
    </ToastProvider>,
  );
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('New trip', { timeout: 20_000 }, () => {
  it('names each blank required field under it, and sends nothing', async () => {
    const sent: CreateInput[] = [];
    server.use(acceptTrips(sent));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create trip' }));
    expect(await screen.findByText('Enter a title')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription('Enter a title');
    expect(screen.getByLabelText(/^Destination/)).toHaveAccessibleDescription('Enter a destination');
    expect(screen.getByLabelText(/^Start date/)).toHaveAccessibleDescription('Choose a start date');
    expect(screen.getByLabelText(/^End date/)).toHaveAccessibleDescription('Choose an end date');
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    expect(sent).toEqual([]);
  });

  it("says what the server would: an end before the start, a negative budget, a picture that is not the app's own", async () => {
    const sent: CreateInput[] = [];
    server.use(acceptTrips(sent));
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText(/^Title/), 'Backwards');
    await user.type(screen.getByLabelText(/^Destination/), 'Somewhere');
    type(/^Start date/, '2027-05-10');
    type(/^End date/, '2027-05-01');
    type(/^Budget/, '-5');
    await user.type(screen.getByLabelText(/^Image URL/), 'https://example.com/tokyo.jpg');
    await user.click(screen.getByRole('button', { name: 'Create trip' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText(/^End date/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Budget/)).toHaveAccessibleDescription(
      expect.stringContaining('The budget cannot be negative'),
    );
    expect(screen.getByLabelText(/^Image URL/)).toHaveAccessibleDescription(expect.stringContaining(ownImageMessage));
    expect(sent).toEqual([]);
  });

  it("fills in Tokyo's zone and suggests the yen, sends the budget in minor units, then opens the new trip's page", async () => {
    const sent: CreateInput[] = [];
    server.use(acceptTrips(sent));
    const user = userEvent.setup();
    const { router } = render();
    await user.type(await screen.findByLabelText(/^Title/), 'Tokyo in spring');
    await user.type(screen.getByLabelText(/^Destination/), 'Tokyo, Japan');
    await waitFor(() => expect(screen.getByLabelText(/^Time zone/)).toHaveValue('Asia/Tokyo'));
    expect(screen.getByLabelText(/^Time zone/)).toHaveAccessibleDescription('Filled in from Tokyo, Japan');
    expect(screen.getByLabelText(/^Base currency/)).toHaveValue('JPY');
    expect(screen.getByLabelText(/^Base currency/)).toHaveAccessibleDescription('Suggested for Tokyo, Japan');
    expect(screen.getByLabelText(/^Budget \(JPY\)/)).toBeInTheDocument();
    type(/^Start date/, '2027-04-01');
    type(/^End date/, '2027-04-05');
    type(/^Budget/, '500000');
    await user.type(screen.getByLabelText(/^Description/), 'Cherry blossoms');
    await user.click(screen.getByRole('button', { name: 'Create trip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips/trip-new'));
    expect(sent).toEqual([
      {
        title: 'Tokyo in spring',
        destination: 'Tokyo, Japan',
        location: 'Tokyo, Japan',
        startDate: '2027-04-01',
        endDate: '2027-04-05',
        timeZone: 'Asia/Tokyo',
        baseCurrency: 'JPY',
        budgetTotal: 50_000_000,
        imageUrl: '',
        description: 'Cherry blossoms',
      },
    ]);
  });

  it("keeps the traveller's own zone and currency, and sends no budget when none is typed", async () => {
    const sent: CreateInput[] = [];
    server.use(acceptTrips(sent));
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText(/^Title/), 'Tokyo, paid in euros');
    await user.selectOptions(screen.getByLabelText(/^Base currency/), 'EUR');
    await user.selectOptions(screen.getByLabelText(/^Time zone/), 'Asia/Seoul');
    await user.type(screen.getByLabelText(/^Destination/), 'Tokyo');
    // The lookup has answered (it names the place under the currency only when it chose it: not here).
    await waitFor(() =>
      expect(screen.getByLabelText(/^Base currency/)).toHaveAccessibleDescription('The currency the budget is kept in'),
    );
    type(/^Start date/, '2027-04-01');
    type(/^End date/, '2027-04-01');
    await user.click(screen.getByRole('button', { name: 'Create trip' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ timeZone: 'Asia/Seoul', baseCurrency: 'EUR', budgetTotal: null });
  });

  it("puts the server's refusal on the field it names", async () => {
    server.use(trpcFieldError('trips.create', 'location', 'That place is off limits'));
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText(/^Title/), 'Nowhere');
    await user.type(screen.getByLabelText(/^Destination/), 'Nowhere');
    type(/^Start date/, '2027-04-01');
    type(/^End date/, '2027-04-02');
    await user.click(screen.getByRole('button', { name: 'Create trip' }));
    expect(await screen.findByText('That place is off limits')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Destination/)).toHaveAttribute('aria-invalid', 'true');
  });
});
