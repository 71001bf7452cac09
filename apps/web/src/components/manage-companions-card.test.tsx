import { useQuery } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { aTrip } from '../test/fixtures';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcMutation, trpcQueryFrom } from '../test/trpc-handlers';
import { ManageCompanionsCard } from './manage-companions-card';

configure({ asyncUtilTimeout: 5000 });

type Companion = RouterOutputs['trips']['companions'][number];

/** A trip's companions kept as the server would: listed, changed and removed through the real procedures. */
function serveCompanions(list: Companion[], sent: unknown[] = []) {
  server.use(
    trpcQueryFrom('trips.companions', () => list),
    trpcMutation('companions.update', (input) => {
      sent.push(input);
      const at = list.findIndex((c) => c.id === input.id);
      const changed = { ...list[at]!, ...input, imageUrl: input.imageUrl || null };
      list.splice(at, 1, changed);
      return changed;
    }),
    trpcMutation('companions.delete', (input) => {
      sent.push(input);
      list.splice(
        list.findIndex((c) => c.id === input.id),
        1,
      );
      return { id: input.id, deleted: true as const };
    }),
  );
}

function Card({ canEdit }: { canEdit?: boolean }) {
  const trpc = useTRPC();
  const companions = useQuery(trpc.trips.companions.queryOptions({ id: 'trip-1' }));
  return <ManageCompanionsCard trip={aTrip()} companions={companions} title="Trip Companions" canEdit={canEdit} />;
}

const render = (canEdit?: boolean) =>
  renderWithApi(
    <ToastProvider>
      <Card canEdit={canEdit} />
    </ToastProvider>,
  );

describe('Trip Companions', { timeout: 20_000 }, () => {
  it('edits a companion from their saved values, naming a blank field, and shows the change', async () => {
    const sent: unknown[] = [];
    serveCompanions([{ id: 'c-1', name: 'Jamie Morgan', relationship: 'Spouse', imageUrl: null }], sent);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit Jamie Morgan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Travel Companion' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Jamie Morgan');
    expect(within(dialog).getByLabelText('Relationship')).toHaveValue('Spouse');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Enter a name');
    expect(sent).toEqual([]);

    await user.type(name, 'Jamie M.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Jamie M. saved')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'c-1', name: 'Jamie M.', relationship: 'Spouse', imageUrl: '' }]);
    const card = screen.getByRole('region', { name: 'Trip Companions' });
    await waitFor(() => expect(within(card).getByText('Jamie M.')).toBeInTheDocument());
  });

  it('removes a companion only once confirmed; Keep leaves them', async () => {
    const sent: unknown[] = [];
    serveCompanions(
      [
        { id: 'c-1', name: 'Jamie Morgan', relationship: 'Spouse', imageUrl: null },
        { id: 'c-2', name: 'Lily Morgan', relationship: 'Daughter', imageUrl: null },
      ],
      sent,
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Remove Lily Morgan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Lily Morgan?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Lily Morgan' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Lily Morgan?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Daughter')).toBeNull());
    expect(sent).toEqual([{ id: 'c-2' }]);
    expect(screen.getByText('Jamie Morgan')).toBeInTheDocument();
  });

  it('without edit rights lists the companions with no Add, Edit or Remove', async () => {
    serveCompanions([{ id: 'c-1', name: 'Jamie Morgan', relationship: 'Spouse', imageUrl: null }]);
    render(false);
    expect(await screen.findByText('Jamie Morgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a companion' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Remove/ })).toBeNull();
  });
});
