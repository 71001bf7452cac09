import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterInputs, RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcQuery, trpcQueryFrom } from '~/test/trpc-handlers';
import { budgetLabel, TripPlannerForm } from './trip-planner-form';

configure({ asyncUtilTimeout: 5000 });

type CreateInput = RouterInputs['tripRequests']['create'];

/** Answers tripRequests.create like the server, recording what was sent. */
function acceptRequests(sent: CreateInput[]) {
  return trpcMutation('tripRequests.create', (input) => {
    sent.push(input);
    const saved: RouterOutputs['tripRequests']['create'] = {
      id: 'req-1',
      destination: input.destination,
      startDate: input.startDate,
      endDate: input.endDate,
      budget: input.budget ?? 5000,
      travelStyle: input.travelStyle ?? 'luxury',
      activities: input.activities ?? [],
      customExperiences: input.customExperiences ?? [],
      notes: input.notes ?? null,
      adults: input.adults ?? 2,
      children: input.children ?? 0,
      rooms: input.rooms ?? 1,
      timeZone: input.timeZone ?? null,
      status: 'requested',
      proposalId: null,
      createdAt: '2026-11-22T10:00:00.000Z',
    };
    return saved;
  });
}

type Lookup = RouterOutputs['places']['lookup'];
const riga: Lookup = {
  place: { name: 'Riga', country: 'Latvia', countryCode: 'LV', latitude: 56.95, longitude: 24.1, timeZone: 'Europe/Riga' },
  timeZone: 'Europe/Riga',
  currency: 'EUR',
};

/** Answers places.lookup as the server's city table would for the few places these tests type; records each query. */
function lookUpPlaces(queries: string[] = []) {
  return trpcQueryFrom('places.lookup', (input): Lookup => {
    const { query } = input;
    queries.push(query);
    return query.startsWith('Riga') ? riga : { place: null, timeZone: null, currency: null };
  });
}

const render = () => {
  server.use(trpcQuery('tripRequests.list', []), lookUpPlaces());
  return renderWithApi(
    <ToastProvider>
      <TripPlannerForm />
    </ToastProvider>,
  );
};

describe('trip planner form', { timeout: 20_000 }, () => {
  it('requires destination, start date and end date, naming each, and sends nothing', async () => {
    const sent: CreateInput[] = [];
    server.use(acceptRequests(sent));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Submit Trip Request' }));
    expect(screen.getByText('Destination is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('End date is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Destination')).toHaveAccessibleDescription('Destination is required');
    expect(sent).toEqual([]);
  });

  it('refuses an end date before the start date', async () => {
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Destination'), 'Amalfi Coast');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-05-10' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2027-05-01' } });
    await user.click(screen.getByRole('button', { name: 'Submit Trip Request' }));
    expect(screen.getByText('The end date cannot be before the start date')).toBeInTheDocument();
  });

  it('starts with the spec defaults: $5,000 budget, luxury style, two adults, one room', async () => {
    render();
    const slider = await screen.findByRole('slider', { name: 'Budget' });
    expect(slider).toHaveValue('5000');
    expect(slider).toHaveAttribute('min', '1000');
    expect(slider).toHaveAttribute('max', '20000');
    expect(slider).toHaveAttribute('step', '500');
    expect(screen.getByText('20,000+')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '20000' } });
    expect(slider).toHaveAttribute('aria-valuetext', '$20,000+');
    expect(screen.getByRole('radio', { name: 'Luxury' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Beach', 'Cultural', 'Adventure', 'Foodie']);
    expect(screen.getByRole('group', { name: 'Adults' })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Fewer children' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Fewer rooms' })).toBeDisabled();
  });

  it('adds custom experiences from the eight presets without duplicates, and removes them', async () => {
    const user = userEvent.setup();
    render();
    const select = await screen.findByLabelText(/Custom experiences/);

    // Eight presets plus the prompt.
    expect(within(select).getAllByRole('option')).toHaveLength(9);
    await user.selectOptions(select, 'Spa day');
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    const chosen = screen.getByRole('list', { name: 'Chosen experiences' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Spa day']);
    // Spa day can no longer be chosen a second time.
    expect(within(select).queryByRole('option', { name: 'Spa day' })).not.toBeInTheDocument();
    expect(within(select).getAllByRole('option')).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Remove Spa day' }));
    expect(screen.queryByRole('list', { name: 'Chosen experiences' })).not.toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'Spa day' })).toBeInTheDocument();
  });

  it('sends the whole request, shows the confirmation and resets the form', async () => {
    const sent: CreateInput[] = [];
    server.use(acceptRequests(sent));
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText('Destination'), 'Amalfi Coast');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-05-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2027-05-08' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Budget' }), { target: { value: '7500' } });
    await user.click(screen.getByRole('radio', { name: 'Boutique' }));
    await user.click(screen.getByRole('checkbox', { name: 'Foodie' }));
    await user.selectOptions(screen.getByLabelText(/Custom experiences/), 'Wine tasting');
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    await user.click(screen.getByRole('button', { name: 'More children' }));
    await user.type(screen.getByLabelText(/Additional notes/), 'Sea views please');
    await user.click(screen.getByRole('button', { name: 'Submit Trip Request' }));

    expect(
      await screen.findByText('Trip planning request submitted! A travel concierge will contact you shortly.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        destination: 'Amalfi Coast',
        startDate: '2027-05-01',
        endDate: '2027-05-08',
        budget: 7500,
        travelStyle: 'boutique',
        activities: ['foodie'],
        customExperiences: ['Wine tasting'],
        notes: 'Sea views please',
        adults: 2,
        children: 1,
        rooms: 1,
      },
    ]);
    expect(screen.getByLabelText('Destination')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Luxury' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Budget' })).toHaveValue('5000');
  });
});

describe('the trip time zone', { timeout: 20_000 }, () => {
  it("is filled in from the destination's city, asked once the traveller stops typing, and sent with the request", async () => {
    const sent: CreateInput[] = [];
    const queries: string[] = [];
    render();
    server.use(acceptRequests(sent), lookUpPlaces(queries));
    const user = userEvent.setup();
    const zone = await screen.findByLabelText(/Time zone/);
    expect(zone).toHaveValue('');
    await user.type(screen.getByLabelText('Destination'), 'Riga, Latvia');
    await waitFor(() => expect(queries.at(-1)).toBe('Riga, Latvia'));
    await waitFor(() => expect(zone).toHaveValue('Europe/Riga'));
    expect(zone).toHaveAccessibleDescription('Filled in from Riga, Latvia');
    // A question once typing pauses, not one per key.
    expect(queries.length).toBeLessThan('Riga, Latvia'.length / 2);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-05-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2027-05-08' } });
    await user.click(screen.getByRole('button', { name: 'Submit Trip Request' }));
    await screen.findByText('Trip planning request submitted! A travel concierge will contact you shortly.');
    expect(sent[0]).toMatchObject({ destination: 'Riga, Latvia', timeZone: 'Europe/Riga' });
    // The form starts over: no destination, no zone.
    expect(zone).toHaveValue('');
  });

  it("keeps the traveller's own choice when the destination changes, and sends no zone for a place nobody knows", async () => {
    const sent: CreateInput[] = [];
    const queries: string[] = [];
    render();
    server.use(acceptRequests(sent), lookUpPlaces(queries));
    const user = userEvent.setup();
    const destination = await screen.findByLabelText('Destination');
    const zone = screen.getByLabelText(/Time zone/);
    fireEvent.change(destination, { target: { value: 'A village nobody knows' } });
    // The answer comes and leaves the zone empty.
    await waitFor(() => expect(queries).toEqual(['A village nobody knows']));
    expect(zone).toHaveValue('');
    await user.selectOptions(zone, 'Atlantic/Azores');
    fireEvent.change(destination, { target: { value: 'Riga, Latvia' } });
    await waitFor(() => expect(queries.at(-1)).toBe('Riga, Latvia'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(zone).toHaveValue('Atlantic/Azores');
    expect(zone).not.toHaveAccessibleDescription(/Filled in/);
    await user.selectOptions(zone, '');
    fireEvent.change(destination, { target: { value: 'A village nobody knows' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2027-05-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2027-05-08' } });
    await user.click(screen.getByRole('button', { name: 'Submit Trip Request' }));
    await screen.findByText('Trip planning request submitted! A travel concierge will contact you shortly.');
    expect(sent[0]?.timeZone).toBeUndefined();
  });
});

describe('budget label', () => {
  it('marks the top of the slider as "or more"', () => {
    expect(budgetLabel(5000)).toBe('$5,000');
    expect(budgetLabel(20000)).toBe('$20,000+');
  });
});
