import { ToastProvider } from '@naav/ui/toast';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterOutputs } from '~/lib/api-types';
import { aTrip } from '~/test/fixtures';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { PackingList, type PackingItem } from './packing-list';

const trip = aTrip({ id: 'trip-1', title: 'Kyoto', startDate: '2027-07-10', endDate: '2027-07-20' });
const item = (fields: Partial<PackingItem>): PackingItem => ({
  id: 'p-1',
  tripId: 'trip-1',
  name: 'T-shirts',
  category: 'Clothing',
  quantity: 1,
  assigneeId: null,
  assigneeName: null,
  packed: false,
  ...fields,
});
const list = [
  item({ id: 'p-1', name: 'T-shirts', quantity: 7, assigneeId: 'c-1', assigneeName: 'Jamie Morgan' }),
  item({ id: 'p-2', name: 'Passport', category: 'Documents', packed: true }),
];
type Template = RouterOutputs['packingTemplates']['list'][number];
const templates: Template[] = [
  {
    id: 'starter-beach',
    name: 'Beach',
    builtIn: true,
    suggested: true,
    reason: 'Warm at your destination: usually 32 °C by day in July',
    items: [{ name: 'Swimsuit', category: 'Clothing', quantity: 2 }],
  },
  {
    id: 'starter-city',
    name: 'City',
    builtIn: true,
    suggested: false,
    reason: null,
    items: [{ name: 'Umbrella', category: 'Other', quantity: 1 }],
  },
  {
    id: 'template-mine',
    name: 'Long weekend',
    builtIn: false,
    suggested: false,
    reason: null,
    items: [{ name: 'Shirts', category: 'Clothing', quantity: 3 }],
  },
];

const render = (canEdit = true) =>
  renderWithApi(
    <ToastProvider>
      <PackingList trip={trip} canEdit={canEdit} />
    </ToastProvider>,
  );

describe('Packing list', { timeout: 20_000 }, () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('lists the items by category with quantity and who brings each, and a tick is sent and shown', async () => {
    const sent: unknown[] = [];
    let packed = false;
    server.use(
      trpcQuery('packing.list', list),
      trpcMutation('packing.update', (input) => {
        sent.push(input);
        packed = Boolean(input.packed);
        return { ...list[0]!, packed };
      }),
    );
    render();
    const clothing = await screen.findByRole('region', { name: 'Clothing' });
    expect(within(clothing).getByText('Jamie Morgan')).toBeInTheDocument();
    expect(within(clothing).getByText('× 7')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByText('Shared')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 packed')).toBeInTheDocument();
    server.use(trpcQuery('packing.list', [{ ...list[0]!, packed: true }, list[1]!]));
    await userEvent.setup().click(within(clothing).getByRole('checkbox', { name: /T-shirts/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 'p-1', packed: true }]));
    expect(await screen.findByText('2 of 2 packed')).toBeInTheDocument();
    expect(within(clothing).getByRole('checkbox', { name: /T-shirts/ })).toBeChecked();
  });

  it('ticks offline at once, marked Waiting to sync, and sends the tick once when the network is back', async () => {
    let sent = 0;
    server.use(
      trpcQuery('packing.list', list),
      trpcMutation('packing.update', (input) => {
        sent++;
        return { ...list[0]!, packed: Boolean(input.packed) };
      }),
    );
    render();
    const box = await screen.findByRole('checkbox', { name: /T-shirts/ });
    act(() => onlineManager.setOnline(false));
    await userEvent.setup().click(box);
    expect(screen.getByRole('checkbox', { name: /T-shirts/ })).toBeChecked();
    expect(screen.getByText('Waiting to sync')).toBeInTheDocument();
    expect(sent).toBe(0);
    server.use(trpcQuery('packing.list', [{ ...list[0]!, packed: true }, list[1]!]));
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(sent).toBe(1));
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    expect(screen.getByRole('checkbox', { name: /T-shirts/ })).toBeChecked();
  });

  it('with nothing on the list, says so and starts it from a template, the suggested one first', async () => {
    const chosen: unknown[] = [];
    server.use(
      trpcQuery('packing.list', []),
      trpcQuery('packingTemplates.list', templates),
      trpcMutation('packing.fromTemplate', (input) => {
        chosen.push(input);
        return [item({ id: 'p-9', name: 'Swimsuit', quantity: 2 })];
      }),
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Nothing packed yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add item' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start from a template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start from a template' });
    const uses = await within(dialog).findAllByRole('button', { name: /^Use / });
    expect(uses.map((b) => b.getAttribute('aria-label'))).toEqual(['Use Beach', 'Use City', 'Use Long weekend']);
    expect(within(dialog).getByText('Suggested')).toBeInTheDocument();
    expect(within(dialog).getByText(/usually 32 °C/)).toBeInTheDocument();
    await user.click(uses[0]!);
    expect(await screen.findByText('Swimsuit')).toBeInTheDocument();
    expect(chosen).toEqual([{ id: 'trip-1', templateId: 'starter-beach' }]);
  });

  it('asks before deleting an item, and names a field the form refuses', async () => {
    const deleted: unknown[] = [];
    server.use(
      trpcQuery('packing.list', list),
      trpcQuery('packing.people', [{ id: 'c-1', name: 'Jamie Morgan', kind: 'companion' }]),
      trpcMutation('packing.delete', (input) => {
        deleted.push(input);
        return { id: input.id, deleted: true as const };
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete Passport' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Passport?' });
    expect(deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([{ id: 'p-2' }]));
    // The question is gone once its closing has ended and focus has gone back where it was
    // (a test is faster than a person: typing before that would lose the keys to that focus).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Passport?' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const form = await screen.findByRole('dialog', { name: 'Add a packing item' });
    const quantity = within(form).getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '120');
    await user.click(within(form).getByRole('button', { name: 'Add Item' }));
    expect(within(form).getByLabelText(/^Item/)).toHaveAccessibleDescription('Enter what to pack');
    expect(within(form).getByLabelText(/^Quantity/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a view member the list read-only', async () => {
    server.use(trpcQuery('packing.list', list));
    render(false);
    expect(await screen.findByText('T-shirts')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /T-shirts/ })).toBeDisabled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the list could not be loaded, with a retry', async () => {
    server.use(trpcError('packing.list', 'INTERNAL_SERVER_ERROR'));
    render();
    expect(await screen.findByText('The packing list could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
