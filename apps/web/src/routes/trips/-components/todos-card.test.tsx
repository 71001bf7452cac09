import { ToastProvider } from '@naav/ui/toast';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aTrip } from '~/test/fixtures';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { dueLabel, TodosCard, type Todo } from './todos-card';

const trip = aTrip({
  id: 'trip-1',
  title: 'Kyoto',
  startDate: '2099-07-10',
  endDate: '2099-07-20',
  timeZone: 'Asia/Tokyo',
});
const todo = (fields: Partial<Todo>): Todo => ({
  id: 't-1',
  tripId: 'trip-1',
  title: 'Book the ryokan',
  dueDate: null,
  assigneeId: null,
  assigneeName: null,
  done: false,
  ...fields,
});
const todos = [
  todo({ id: 't-1', title: 'Book the ryokan', dueDate: '2099-06-01', assigneeId: 'u-1', assigneeName: 'Alex Morgan' }),
  todo({ id: 't-2', title: 'Water the plants' }),
  todo({ id: 't-3', title: 'Renew passport', done: true }),
];

const render = (canEdit = true) =>
  renderWithApi(
    <ToastProvider>
      <TodosCard trip={trip} canEdit={canEdit} />
    </ToastProvider>,
  );

describe('To-dos card', { timeout: 20_000 }, () => {
  it('lists open to-dos with due date and who does them, done ones folded away; ticking one sends it', async () => {
    const sent: unknown[] = [];
    server.use(
      trpcQuery('todos.list', todos),
      trpcMutation('todos.update', (input) => {
        sent.push(input);
        return { ...todos[1]!, done: true };
      }),
    );
    render();
    expect(await screen.findByText('Due Jun 1, 2099 · before you leave · Alex Morgan')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Water the plants\s*Anyone$/ })).not.toBeChecked();
    expect(screen.getByText('Done (1)')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: /Water the plants/ }));
    await waitFor(() => expect(sent).toEqual([{ id: 't-2', done: true }]));
  });

  it('adds a to-do with a due date and someone to do it', async () => {
    const added: unknown[] = [];
    server.use(
      trpcQuery('todos.list', []),
      trpcQuery('packing.people', [
        { id: 'u-1', name: 'Alex Morgan', kind: 'owner' },
        { id: 'c-1', name: 'Jamie Morgan', kind: 'companion' },
      ]),
      trpcMutation('todos.create', (input) => {
        added.push(input);
        return todo({ id: 't-9', title: String(input.title) });
      }),
    );
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Nothing to do yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a to-do' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a to-do' });
    await user.click(within(dialog).getByRole('button', { name: 'Add To-do' }));
    expect(within(dialog).getByLabelText(/^To-do/)).toHaveAccessibleDescription('Enter what to do');
    await user.type(within(dialog).getByLabelText(/^To-do/), 'Buy travel adapters');
    await user.type(within(dialog).getByLabelText(/^Due date/), '2099-07-01');
    await within(dialog).findByRole('option', { name: 'Jamie Morgan' });
    await user.selectOptions(within(dialog).getByLabelText(/^Who does it/), 'c-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add To-do' }));
    await waitFor(() =>
      expect(added).toEqual([{ id: 'trip-1', title: 'Buy travel adapters', dueDate: '2099-07-01', assigneeId: 'c-1' }]),
    );
  });

  it('shows a view member the to-dos without any control to change them', async () => {
    server.use(trpcQuery('todos.list', todos));
    render(false);
    expect(await screen.findByText('Book the ryokan')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Book the ryokan/ })).toBeDisabled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('marks an open to-do past its date as overdue', () => {
    const now = new Date('2099-06-05T12:00:00Z');
    expect(dueLabel({ dueDate: '2099-06-01', done: false }, trip, now)).toBe('Due Jun 1, 2099 · overdue');
    expect(dueLabel({ dueDate: '2099-06-01', done: true }, trip, now)).toBe('Due Jun 1, 2099 · before you leave');
    expect(dueLabel({ dueDate: null, done: false }, trip, now)).toBeNull();
  });
});
