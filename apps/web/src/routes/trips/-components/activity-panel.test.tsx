import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcPending, trpcQueryFrom } from '~/test/trpc-handlers';
import { ActivityPanel, timeAgo } from './activity-panel';

type Item = RouterOutputs['trips']['activity']['items'][number];

const NOW = new Date('2025-06-15T12:00:00Z');
const kenji = { id: 'user-kenji', name: 'Kenji Sato' };
const me = { id: 'user-me', name: 'Alex Morgan' };
const line = (n: number, who: { id: string; name: string }, summary: string, hoursAgo: number): Item => ({
  id: String(n),
  actorId: who.id,
  actorName: who.name,
  byYou: who === me,
  action: 'event.moved',
  summary,
  at: new Date(NOW.getTime() - hoursAgo * 3_600_000),
});
const all = [
  line(3, kenji, 'moved Dinner at Ribeira from 19:00 to 19:30', 2),
  line(2, me, 'added an expense: Pastéis (€12.50)', 3),
  line(1, kenji, 'added Dinner at Ribeira on Jun 16 at 19:00', 30),
];

/** The server's answer: pages of two, newest first, filtered by actorId. */
function activityApi(items: Item[] = all) {
  return trpcQueryFrom('trips.activity', (input) => {
    const mine = items.filter((i) => !input.actorId || i.actorId === input.actorId);
    const start = input.cursor ? Number(input.cursor) : 0;
    const page = mine.slice(start, start + 2);
    return { items: page, nextCursor: start + 2 < mine.length ? String(start + 2) : null, actors: [me, kenji] };
  });
}

/** The panel, unfolded as a person would with its Activity button. */
const render = async () => {
  const view = renderWithApi(<ActivityPanel tripId="trip-1" now={() => NOW} />);
  await userEvent.click(await screen.findByRole('button', { name: /Activity/ }));
  return view;
};

describe('ActivityPanel', () => {
  it('is folded until its Activity button is pressed, and asks for nothing until then', async () => {
    let asked = 0;
    server.use(
      trpcQueryFrom('trips.activity', () => {
        asked++;
        return { items: [], nextCursor: null, actors: [] };
      }),
    );
    renderWithApi(<ActivityPanel tripId="trip-1" now={() => NOW} />);
    const toggle = await screen.findByRole('button', { name: /Activity/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No changes yet')).toBeNull();
    expect(asked).toBe(0);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('No changes yet')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('lists who changed what, newest first, the viewer as "You", then more on "Show more"', async () => {
    server.use(activityApi());
    await render();
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Kenji Sato moved Dinner at Ribeira from 19:00 to 19:30 · 2 h ago',
      'You added an expense: Pastéis (€12.50) · 3 h ago',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]!.textContent).toBe(
      'Kenji Sato added Dinner at Ribeira on Jun 16 at 19:00 · 1 d ago',
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('filters by person with a keyboard-usable select of those who acted', async () => {
    server.use(activityApi());
    await render();
    const filter = await screen.findByRole('combobox', { name: 'Changes by' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Everyone', 'Alex Morgan', 'Kenji Sato']);
    await userEvent.selectOptions(filter, 'Alex Morgan');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Changes, newest first' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['You added an expense: Pastéis (€12.50) · 3 h ago']),
    );
  });

  it('says so when nothing has changed yet', async () => {
    server.use(activityApi([]));
    await render();
    expect(await screen.findByText('No changes yet')).toBeInTheDocument();
  });

  it('shows loading, then an error with a retry that loads the list', async () => {
    server.use(trpcPending('trips.activity'));
    const { unmount } = await render();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading activity…');
    unmount();

    server.use(trpcError('trips.activity', 'INTERNAL_SERVER_ERROR'));
    await render();
    const alert = await screen.findByRole('alert');
    server.use(activityApi());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/moved Dinner at Ribeira/)).toBeInTheDocument();
  });

  it('reads times as "just now", minutes, hours, days, then the date', () => {
    const ago = (ms: number) => timeAgo(new Date(NOW.getTime() - ms), NOW);
    expect([ago(10_000), ago(5 * 60_000), ago(2 * 3_600_000), ago(3 * 86_400_000), ago(40 * 86_400_000)]).toEqual([
      'just now',
      '5 min ago',
      '2 h ago',
      '3 d ago',
      'May 6',
    ]);
  });
});
