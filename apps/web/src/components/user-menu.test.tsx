import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../test/render';
import type { Me } from './use-me';
import { UserMenu } from './user-menu';

const traveller: Me = {
  id: 'u1',
  name: 'Alex Morgan',
  email: 'traveller@naav.example',
  role: 'client',
  initials: 'AM',
  emailVerified: true,
  twoFactorEnabled: false,
  hasPassword: true,
  twoFactorRequired: false,
};
const agent: Me = {
  id: 'a1',
  name: 'Jordan Lee',
  email: 'agent@naav.example',
  role: 'agent',
  initials: 'JL',
  emailVerified: true,
  twoFactorEnabled: true,
  hasPassword: true,
  twoFactorRequired: false,
};

async function openMenu(me: Me) {
  renderWithApi(<UserMenu me={me} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: /Account menu/ }));
  // The menu's code loads on first opening (in the app, sooner: when the page is idle or the
  // avatar is pointed at or focused); it opens with focus on itself.
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu).toHaveFocus());
  return menu;
}

describe('account menu', { timeout: 20_000 }, () => {
  it('leads a traveller to their proposals in the travel planner, which the main navigation leaves out', async () => {
    const menu = await openMenu(traveller);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Trip Proposals',
      'Notification settings',
      'Sessions',
      'Passkeys',
      'API tokens',
      'Webhooks',
      'Two-factor sign-in',
      'Export my data',
      'Delete my account',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Trip Proposals' })).toHaveAttribute(
      'href',
      '/travel-planner?tab=proposals',
    );
  });

  it('leads an agent to Client Proposals and Client Management', async () => {
    const menu = await openMenu(agent);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Client Proposals',
      'Client Management',
      'Notification settings',
      'Sessions',
      'Passkeys',
      'API tokens',
      'Webhooks',
      'Two-factor sign-in: on',
      'Export my data',
      'Delete my account',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Client Proposals' })).toHaveAttribute(
      'href',
      '/travel-planner?view=agent&tab=proposals',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Client Management' })).toHaveAttribute(
      'href',
      '/travel-planner?view=agent&tab=clients',
    );
  });
});
