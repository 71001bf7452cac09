import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { AgentRequests } from './agent-requests';

configure({ asyncUtilTimeout: 8000 });

const request = {
  id: 'r-1',
  title: 'Boat trip',
  type: 'activity' as const,
  status: 'pending' as const,
  date: null,
  notes: 'Two people',
  assignee: null,
  assigneeId: null,
  agentNotes: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z',
  traveller: { id: 'u-1', name: 'Ana Traveller', email: 'ana@example.com' },
};

function desk() {
  const assigned: unknown[] = [];
  const notes: unknown[] = [];
  server.use(
    trpcQuery('concierge.allRequests', [request]),
    trpcQuery('concierge.agents', [
      { id: 'a-1', name: 'Alex Agent' },
      { id: 'a-2', name: 'Bea Agent' },
    ]),
    trpcMutation('concierge.assignRequest', (input) => {
      assigned.push(input);
      return { ...request, assignee: 'Alex Agent', assigneeId: 'a-1' };
    }),
    trpcMutation('concierge.setRequestNotes', (input) => {
      notes.push(input);
      return { ...request, agentNotes: input.notes ?? null };
    }),
  );
  renderWithApi(
    <ToastProvider>
      <AgentRequests />
    </ToastProvider>,
  );
  return { assigned, notes };
}

describe("The agent's service requests", () => {
  it('assigns the first agent until another is picked, then the one picked', async () => {
    const { assigned } = desk();
    await screen.findByText('Boat trip');
    await userEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'a-2');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await expect.poll(() => assigned).toEqual([
      { id: 'r-1', assigneeId: 'a-1' },
      { id: 'r-1', assigneeId: 'a-2' },
    ]);
  });

  it('saves the notes for the traveller, or shows why the server refused them', async () => {
    const { notes } = desk();
    await userEvent.type(await screen.findByLabelText('Notes for the traveller'), 'Booked for 9:00 AM.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('Notes saved')).toBeInTheDocument();
    expect(notes).toEqual([{ id: 'r-1', notes: 'Booked for 9:00 AM.' }]);

    server.use(trpcFieldError('concierge.setRequestNotes', 'notes', 'Too long'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText('The request was not changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes for the traveller')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Too long')).toBeInTheDocument();
  });
});
