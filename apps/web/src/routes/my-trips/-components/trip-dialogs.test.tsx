import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownImageMessage } from '@naav/schemas/own-image';
import { ToastProvider } from '@naav/ui/toast';
import { aTrip } from '~/test/fixtures';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation } from '~/test/trpc-handlers';
import { ManageCompanionsCard } from '~/components/manage-companions-card';
import { EditTripDialog } from '~/components/edit-trip-dialog';

configure({ asyncUtilTimeout: 5000 });

// The my-trips dialogs check their request with the procedure's own schema before sending,
// and put a 400's issues on the fields they name.

describe('Edit Trip Details', { timeout: 20_000 }, () => {
  it("names a blank title and an end before the start before sending, then saves; a server's issue lands on its field", async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMutation('trips.update', (input) => {
        sent.push(input);
        return aTrip({ title: String(input.title) });
      }),
    );
    renderWithApi(
      <ToastProvider>
        <EditTripDialog trip={aTrip()} open onClose={() => {}} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter a title')).toBeInTheDocument();
    expect(title).toHaveAccessibleDescription('Enter a title');
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByLabelText('End date')).toHaveAccessibleDescription('The end date cannot be before the start date');
    expect(sent).toEqual([]);

    server.use(trpcFieldError('trips.update', 'location', 'Lisbon is not a place we know'));
    await user.type(title, 'Lisbon again');
    await user.clear(screen.getByLabelText('End date'));
    await user.type(screen.getByLabelText('End date'), '2026-11-26');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Lisbon is not a place we know')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Location/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Add a Travel Companion', { timeout: 20_000 }, () => {
  it("names blank fields and a picture that is not the app's own, then sends the companion", async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMutation('companions.create', (input) => {
        sent.push(input);
        return { id: 'c-1', name: input.name.trim(), relationship: input.relationship.trim(), imageUrl: null };
      }),
    );
    renderWithApi(
      <ToastProvider>
        <ManageCompanionsCard trip={aTrip()} companions={{ data: [], isPending: false, isError: false } as never} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a companion' }));
    await user.type(await screen.findByLabelText(/^Image URL/), 'https://example.com/me.png');
    await user.click(screen.getByRole('button', { name: 'Add Companion' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(screen.getByText('Enter the relationship, e.g. Friend')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Image URL/)).toHaveAccessibleDescription(expect.stringContaining(ownImageMessage));
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Relationship'), 'Friend');
    await user.clear(screen.getByLabelText(/^Image URL/));
    await user.click(screen.getByRole('button', { name: 'Add Companion' }));
    expect(await screen.findByText('Ana added')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'trip-1', name: 'Ana', relationship: 'Friend', imageUrl: '' }]);
  });
});
