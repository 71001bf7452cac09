import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutationError, trpcQuery, type MutationPath } from '~/test/trpc-handlers';
import { AvailabilityLists } from './availability-lists';

configure({ asyncUtilTimeout: 5000 });

const window: RouterOutputs['availability']['list'][number] = {
  id: 'a1',
  userId: 'u',
  startDate: '2027-06-10',
  endDate: '2027-06-14',
  isFlexible: true,
  flexibilityDays: 5,
  preferredDuration: 3,
  priority: 5,
  status: 'active',
  notes: 'Beach please',
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

const notFound = (path: MutationPath) => trpcMutationError(path, 'NOT_FOUND', 'Availability not found');

function renderLists(variant: 'tab' | 'page' = 'tab') {
  const onAdd = vi.fn();
  renderWithApi(
    <ToastProvider>
      <AvailabilityLists variant={variant} onAdd={onAdd} />
    </ToastProvider>,
  );
  return onAdd;
}

describe('availability lists', { timeout: 20_000 }, () => {
  it('shows the empty states with their add buttons', async () => {
    server.use(trpcQuery('availability.list', []), trpcQuery('occasions.list', []));
    const onAdd = renderLists();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No Available Dates' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Availability' }));
    expect(onAdd).toHaveBeenCalledWith('availability');
    await user.click(screen.getByRole('tab', { name: 'Special Occasions' }));
    expect(await screen.findByRole('heading', { name: 'No Special Occasions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Special Occasion' }));
    expect(onAdd).toHaveBeenCalledWith('occasion');
  });

  it('counts the rows in the page tabs and lists each window with its labels', async () => {
    server.use(trpcQuery('availability.list', [window]), trpcQuery('occasions.list', []));
    renderLists('page');
    expect(await screen.findByRole('tab', { name: 'Available Periods (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Special Occasions (0)' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Jun 10 – Jun 14, 2027/ });
    expect(within(row).getByText('Must travel!')).toBeInTheDocument();
    expect(within(row).getByText('3 days (Weekend)')).toBeInTheDocument();
    expect(within(row).getByText('± 5 days')).toBeInTheDocument();
  });

  it('asks before deleting, and a failed delete says so in an error toast', async () => {
    server.use(
      trpcQuery('availability.list', [window]),
      trpcQuery('occasions.list', []),
      notFound('availability.delete'),
    );
    renderLists();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete availability Jun 10 – Jun 14, 2027' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this availability? This action cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete availability date')).toBeInTheDocument();
  });
});
