import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavLinks } from '~/components/nav-links';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcQuery, type OutputOf } from '~/test/trpc-handlers';
import { AgentDesk } from './agent-desk';

configure({ asyncUtilTimeout: 5000 });

const me: OutputOf<'me.get'> = {
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

const desk: OutputOf<'desk.summary'> = {
  newTripRequests: {
    count: 7,
    items: [
      {
        id: 'r1',
        client: { id: 'u1', name: 'Alex Morgan' },
        destination: 'Tokyo, Japan',
        startDate: '2026-12-10',
        endDate: '2026-12-13',
        createdAt: '2026-11-26T09:00:00.000Z',
      },
    ],
  },
  revisionsRequested: {
    count: 1,
    items: [
      {
        id: 'p1',
        title: 'Kyoto in Spring',
        client: { id: 'u1', name: 'Alex Morgan' },
        version: 1,
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    ],
  },
  unreadChats: { count: 0, messages: 0, items: [] },
};

describe("the agent's Home", { timeout: 20_000 }, () => {
  it('lists what waits, each leading to where it is handled, and says when a list is empty', async () => {
    server.use(trpcQuery('desk.summary', desk));
    renderWithApi(<AgentDesk />);
    expect(await screen.findByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument();

    const requests = await screen.findByRole('region', { name: 'New trip requests' });
    expect(within(requests).getByText('7')).toBeInTheDocument();
    expect(within(requests).getByRole('link', { name: /Alex Morgan · Tokyo, Japan/ })).toHaveAttribute(
      'href',
      '/travel-planner?view=agent&tab=proposals&request=r1',
    );
    expect(within(requests).getByRole('link', { name: 'All client requests' })).toHaveAttribute(
      'href',
      '/travel-planner?view=agent&tab=clients',
    );

    const revisions = screen.getByRole('region', { name: 'Revisions requested' });
    expect(within(revisions).getByRole('link', { name: /Kyoto in Spring/ })).toHaveAttribute(
      'href',
      '/travel-planner?view=agent&tab=proposals&proposal=p1',
    );

    const chats = screen.getByRole('region', { name: 'Unread chats' });
    expect(within(chats).getByText('No unread chats')).toBeInTheDocument();
    expect(within(chats).getByRole('link', { name: 'Open the concierge inbox' })).toHaveAttribute(
      'href',
      '/concierge?tab=chat',
    );
  });

  it('says when the desk cannot be loaded, with a retry', async () => {
    server.use(trpcError('desk.summary', 'INTERNAL_SERVER_ERROR'));
    renderWithApi(<AgentDesk />);
    expect(await screen.findByText('What waits for you could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});

describe('the main navigation', { timeout: 20_000 }, () => {
  it("puts an agent's desk first: Travel Planner and the Concierge Inbox", async () => {
    server.use(trpcQuery('me.get', me));
    renderWithApi(<NavLinks orientation="vertical" />);
    expect(await screen.findByRole('link', { name: 'Travel Planner' })).toHaveAttribute('href', '/travel-planner');
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'Navigate',
      'Travel Planner',
      'Concierge Inbox',
      'My Trips',
      'Travel Journal',
      'Budget Tracker',
      'Travel Documents',
      'Family & Groups',
      'Interests',
      'Inspirations',
    ]);
  });

  it("keeps the spec's list for a traveller, without the planner", async () => {
    server.use(trpcQuery('me.get', { ...me, role: 'client' }));
    renderWithApi(<NavLinks orientation="vertical" />);
    expect(await screen.findByRole('link', { name: 'Availability Planner' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Travel Planner' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Concierge' })).toBeInTheDocument();
  });
});
