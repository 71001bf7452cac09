import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterInputs, RouterOutputs } from '../lib/api-types';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcMutation, trpcQuery } from '../test/trpc-handlers';
import { TripPeopleSharing } from './trip-people-sharing';

configure({ asyncUtilTimeout: 5000 });

type Group = RouterOutputs['family']['groups'][number];
const group = (overrides: Partial<Group>): Group => ({
  id: 'g1',
  name: 'Morgan Family',
  description: null,
  type: 'family',
  access: 'owner',
  ownerName: 'Alex Morgan',
  members: [],
  trips: [],
  ...overrides,
});
const trip = { id: 'trip-1', title: 'Tokyo', destination: 'Japan', startDate: '2026-12-01', endDate: '2026-12-05' };

const render = () =>
  renderWithApi(
    <ToastProvider>
      <TripPeopleSharing tripId="trip-1" tripTitle="Tokyo" />
    </ToastProvider>,
  );

describe('sharing a trip with groups and people', { timeout: 20_000 }, () => {
  it('offers the groups the owner runs, shares into one, and stops sharing only after confirming', async () => {
    const shared: RouterInputs['family']['shareTrip'][] = [];
    const unshared: RouterInputs['family']['unshareTrip'][] = [];
    server.use(
      trpcQuery('family.groups', [
        group({ id: 'g1', name: 'Morgan Family' }),
        group({ id: 'g2', name: 'Hiking Friends', trips: [trip] }),
        group({ id: 'g3', name: 'Rivera Crew', access: 'view', ownerName: 'Sam Rivera' }),
      ]),
      trpcMutation('family.shareTrip', (input) => {
        shared.push(input);
        return group({ id: input.id, trips: [trip] });
      }),
      trpcMutation('family.unshareTrip', (input) => {
        unshared.push(input);
        return group({ id: input.id });
      }),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share with Morgan Family' }));
    await waitFor(() => expect(shared).toEqual([{ id: 'g1', tripId: 'trip-1' }]));
    // Someone else's group where the user may only view: not offered.
    expect(screen.queryByText('Rivera Crew')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Stop sharing with Hiking Friends' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Keep sharing' }));
    expect(unshared).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Stop sharing with Hiking Friends' }));
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(unshared).toEqual([{ id: 'g2', tripId: 'trip-1' }]));
  });

  it('shares with a person by e-mail with the chosen permission, after naming blank fields', async () => {
    const sent: RouterInputs['family']['shareTripWithPerson'][] = [];
    server.use(
      trpcQuery('family.groups', []),
      trpcMutation('family.shareTripWithPerson', (input) => {
        sent.push(input);
        return group({ id: 'g9', name: 'Shared: Tokyo', type: 'custom' });
      }),
    );
    render();
    const user = userEvent.setup();
    expect(await screen.findByText(/You have no family groups yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share with a person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with a person' });
    await user.click(within(dialog).getByRole('button', { name: 'Share with them' }));
    expect(await screen.findByText('Enter their name')).toBeInTheDocument();
    expect(screen.getByText('Enter their e-mail address')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Maya Tanaka');
    await user.type(within(dialog).getByLabelText('Email'), 'maya@example.test');
    await user.selectOptions(within(dialog).getByLabelText('Permission'), 'edit');
    await user.click(within(dialog).getByRole('button', { name: 'Share with them' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { id: 'trip-1', name: 'Maya Tanaka', email: 'maya@example.test', permissions: ['view', 'edit'] },
      ]),
    );
    expect(await screen.findByText('Maya Tanaka is in Shared: Tokyo with View & Edit.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share with a person' })).toBeNull());
  });
});
