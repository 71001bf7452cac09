import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { ServiceRequests } from './service-requests';

configure({ asyncUtilTimeout: 8000 });

const renderRequests = () =>
  renderWithApi(
    <ToastProvider>
      <ServiceRequests />
    </ToastProvider>,
  );

describe('Service Requests', () => {
  it('sends the request (an empty date as none), says so and empties the form', async () => {
    const sent: unknown[] = [];
    server.use(
      trpcQuery('concierge.requests', []),
      trpcMutation('concierge.createRequest', (input) => {
        sent.push(input);
        return {
          id: 'r-1',
          title: 'Boat trip',
          type: 'activity',
          status: 'pending',
          date: null,
          notes: 'Two people',
          assignee: null,
          assigneeId: null,
          agentNotes: null,
          createdAt: '2026-11-22T09:00:00.000Z',
          updatedAt: '2026-11-22T09:00:00.000Z',
        };
      }),
    );
    renderRequests();
    await userEvent.type(await screen.findByLabelText('Title'), 'Boat trip');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'activity');
    await userEvent.type(screen.getByLabelText('Notes'), 'Two people');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Your request has been submitted successfully!')).toBeInTheDocument();
    expect(sent).toEqual([{ title: 'Boat trip', type: 'activity', date: null, notes: 'Two people' }]);
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Type')).toHaveValue('general');
  });

  it('puts the reason the server names on its field and keeps what was typed', async () => {
    server.use(trpcQuery('concierge.requests', []), trpcFieldError('concierge.createRequest', 'date', 'Invalid ISO date'));
    renderRequests();
    await userEvent.type(await screen.findByLabelText('Title'), 'Boat trip');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('The request could not be submitted')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid ISO date')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Boat trip');
  });
});
