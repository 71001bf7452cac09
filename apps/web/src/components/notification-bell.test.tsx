import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcMutation, trpcQueryFrom, type OutputOf } from '../test/trpc-handlers';
import { NotificationBell } from './notification-bell';

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

type Notice = OutputOf<'notifications.list'>['items'][number];
const notice = (id: string, title: string, readAt: Date | null = null): Notice => ({
  id,
  kind: 'proposal_new',
  title,
  body: 'Porto, Portugal',
  link: `/travel-planner?tab=proposals&proposal=${id}`,
  readAt,
  createdAt: new Date(Date.now() - 5 * 60_000),
});

/** The server's inbox: what it lists, and what read and read-all change. */
function inbox(initial: Notice[]) {
  let notices = initial;
  const read = vi.fn();
  server.use(
    trpcQueryFrom('notifications.list', () => ({
      items: notices,
      unread: notices.filter((n) => !n.readAt).length,
      nextCursor: null,
    })),
    trpcMutation('notifications.read', ({ id }) => {
      read(id);
      notices = notices.map((n) => (n.id === id ? { ...n, readAt: new Date() } : n));
      return notices.find((n) => n.id === id)!;
    }),
    trpcMutation('notifications.readAll', () => {
      const count = notices.filter((n) => !n.readAt).length;
      notices = notices.map((n) => ({ ...n, readAt: n.readAt ?? new Date() }));
      return { read: count };
    }),
  );
  return {
    read,
    add: (n: Notice) => {
      notices = [n, ...notices];
    },
  };
}

describe('the notification bell', { timeout: 20_000 }, () => {
  it('counts unread notices, and a notice pushed on the person’s own topic counts without a reload', async () => {
    const server = inbox([notice('n1', 'New proposal: Porto'), notice('n0', 'Older', new Date())]);
    renderWithApi(<NotificationBell userId="u1" />);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    await waitFor(() => expect(FakeEventSource.latest()?.url).toContain('notices%3Au1'));
    server.add(notice('n2', 'Alex Morgan accepted Porto'));
    FakeEventSource.latest()!.push({ position: 1, topic: 'notices:u1', rowId: 'n2', kind: 'notice' }, 'p1');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
  });

  it('lists notices newest first as links; following one marks it read and goes where it points', async () => {
    const server = inbox([notice('n1', 'New proposal: Porto'), notice('n0', 'Older', new Date())]);
    const { router } = renderWithApi(<NotificationBell userId="u1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    // The panel's code loads on first opening at the latest; the panel opens with focus.
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(panel).toHaveFocus());
    const links = within(panel).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Unread: New proposal: Porto'),
      expect.stringContaining('Older'),
    ]);
    expect(links[0]).toHaveAttribute('href', '/travel-planner?tab=proposals&proposal=n1');
    await user.click(links[0]!);
    await waitFor(() => expect(router.state.location.href).toBe('/travel-planner?tab=proposals&proposal=n1'));
    // (The test's router shows the bell on / only; the browser test sees the count drop on the page it led to.)
    await waitFor(() => expect(server.read).toHaveBeenCalledWith('n1'));
  });

  it('marks all read; an empty inbox says so; Escape closes the panel and returns to the bell', async () => {
    inbox([notice('n1', 'One'), notice('n2', 'Two')]);
    renderWithApi(<NotificationBell userId="u1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('says when there is nothing yet', async () => {
    inbox([]);
    renderWithApi(<NotificationBell userId="u1" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeVisible();
  });
});
