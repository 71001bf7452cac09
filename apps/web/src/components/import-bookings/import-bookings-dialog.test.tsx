import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { aTrip } from '~/test/fixtures';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcQueryFrom } from '~/test/trpc-handlers';
import { ImportBookingsDialog } from './import-bookings-dialog';

configure({ asyncUtilTimeout: 5000 });

const restaurant = {
  type: 'restaurant' as const,
  title: 'Cantinho do Avillez',
  confirmationNumber: 'PT-778',
  provider: null,
  number: null,
  start: '2026-11-22T20:30:00Z',
  end: null,
  timeZone: null,
  startLocation: null,
  endLocation: null,
  travellers: [],
  seat: null,
  price: null,
  cancelled: false,
  source: { kind: 'json-ld' as const, file: null },
};

describe('Import booking', { timeout: 30_000 }, () => {
  it('names blank pasted text under its field, and checks the import request before sending it', async () => {
    const imported: unknown[] = [];
    server.use(
      trpcMutation('bookings.preview', () => ({ bookings: [restaurant], warnings: [] })),
      trpcMutation('bookings.import', (input) => {
        imported.push(input);
        throw new Error('not expected');
      }),
    );
    renderWithApi(
      <ToastProvider>
        <ImportBookingsDialog trip={aTrip()} open onClose={() => {}} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Read pasted text' }));
    const text = screen.getByLabelText('Or paste an e-mail or page');
    expect(await screen.findByText('Paste an e-mail or page first.')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');

    await user.type(text, 'A confirmation e-mail');
    await user.click(screen.getByRole('button', { name: 'Read pasted text' }));
    expect(await screen.findByRole('heading', { name: '1 booking found' })).toHaveFocus();
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Add to trip' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Title of booking 1: Required');
    expect(imported).toEqual([]);
  });

  it('marks what was read from plain text "Please check", and when nothing is found offers to add it by hand with the text kept', async () => {
    let answer = { bookings: [{ ...restaurant, source: { kind: 'text' as const, file: null } }], warnings: [] };
    server.use(trpcMutation('bookings.preview', () => answer));
    const added: string[] = [];
    let closed = 0;
    renderWithApi(
      <ToastProvider>
        <ImportBookingsDialog
          trip={aTrip()}
          open
          onClose={() => closed++}
          onAddByHand={(description) => added.push(description)}
        />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Or paste an e-mail or page'), 'Table for two at 20:30');
    await user.click(screen.getByRole('button', { name: 'Read pasted text' }));
    expect(await screen.findByText('Please check: read from the text, without booking markup')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add it by hand' })).toBeNull();

    answer = { bookings: [], warnings: [] };
    await user.click(screen.getByRole('button', { name: 'Choose other files' }));
    const text = await screen.findByLabelText('Or paste an e-mail or page');
    await user.clear(text);
    await user.type(text, 'Ferry to Tangier, Sunday 10:00, ticket 4471');
    await user.click(screen.getByRole('button', { name: 'Read pasted text' }));
    expect(await screen.findByRole('heading', { name: 'No bookings found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add it by hand' }));
    expect(added).toEqual(['Ferry to Tangier, Sunday 10:00, ticket 4471']);
    expect(closed).toBe(1);
  });

  it('shows the private forwarding address, and regenerates it only once asked', async () => {
    let address = 'trips+aaaaaaaaaaaaaaaaaaaa@in.naav.example';
    server.use(
      trpcQueryFrom('inbound.address', () => ({ address })),
      trpcMutation('inbound.regenerate', () => {
        address = 'trips+bbbbbbbbbbbbbbbbbbbb@in.naav.example';
        return { address };
      }),
    );
    renderWithApi(
      <ToastProvider>
        <ImportBookingsDialog trip={aTrip()} open onClose={() => {}} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Your private forwarding address');
    await screen.findByDisplayValue('trips+aaaaaaaaaaaaaaaaaaaa@in.naav.example');
    expect(screen.getByRole('button', { name: 'Copy the forwarding address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(await screen.findByRole('button', { name: 'Keep this address' }));
    expect(field).toHaveValue('trips+aaaaaaaaaaaaaaaaaaaa@in.naav.example');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate the forwarding address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByDisplayValue('trips+bbbbbbbbbbbbbbbbbbbb@in.naav.example')).toBeInTheDocument();
  });
});
