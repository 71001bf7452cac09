import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterInputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, type InputOf, type MutationPath, type OutputOf } from '~/test/trpc-handlers';
import { addDaysIso } from '@naav/schemas/dates';
import { AddNewDialog } from './add-new-dialog';
import { localToday, splitParticipants } from './availability-labels';

configure({ asyncUtilTimeout: 5000 });

/** Records what a mutation was sent and answers with a stored row built from it. */
function record<P extends MutationPath>(path: P, sent: InputOf<P>[], answer: (input: InputOf<P>) => OutputOf<P>) {
  return trpcMutation(path, (input) => {
    sent.push(input);
    return answer(input);
  });
}

const stamp = { createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' };

function renderDialog(props: Partial<Parameters<typeof AddNewDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithApi(
    <ToastProvider>
      <AddNewDialog open onClose={onClose} {...props} />
    </ToastProvider>,
  );
  return onClose;
}

describe('participants', () => {
  it('are split at commas and trimmed, blanks dropped', () => {
    expect(splitParticipants(' Alex ,Jordan,, Mia ')).toEqual(['Alex', 'Jordan', 'Mia']);
    expect(splitParticipants('  ')).toEqual([]);
  });
});

/** Answers availability.create with the window stored, and keeps each request sent. */
function recordWindows() {
  const sent: RouterInputs['availability']['create'][] = [];
  server.use(
    record('availability.create', sent, (input) => ({
      id: 'a1',
      userId: 'u',
      status: 'active',
      notes: null,
      isFlexible: false,
      flexibilityDays: 3,
      preferredDuration: 7,
      priority: 3,
      ...input,
      ...stamp,
    })),
  );
  return sent;
}

describe('Add New dialog', { timeout: 20_000 }, () => {
  it('starts with today to today + 7, a 7-day duration, priority 3 and no flexibility slider', async () => {
    renderDialog();
    expect(await screen.findByLabelText('Start Date')).toHaveValue(localToday());
    expect(screen.getByLabelText('End Date')).toHaveValue(addDaysIso(localToday(), 7));
    expect(screen.getByLabelText('Preferred Duration')).toHaveValue('7');
    expect(screen.getByRole('option', { name: '3 days (Weekend)' })).toBeInTheDocument();
    expect(screen.getByText('3 – Interested')).toBeInTheDocument();
    expect(screen.queryByLabelText('Flexibility')).toBeNull();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Flexible Dates' }));
    expect(screen.getByLabelText('Flexibility')).toHaveValue('3');
    expect(screen.getByLabelText('Flexibility')).toHaveAttribute('max', '14');
  });

  it('alerts when a date is missing and sends nothing; otherwise sends the window and closes', async () => {
    const sent = recordWindows();
    const onClose = renderDialog({ initialRange: { startDate: '2027-06-10', endDate: '2027-06-14' } });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Start Date')).toHaveValue('2027-06-10');
    await user.clear(screen.getByLabelText('End Date'));
    await user.click(screen.getByRole('button', { name: 'Save Availability' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select both start and end dates');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('End Date'), '2027-06-12');
    await user.selectOptions(screen.getByLabelText('Preferred Duration'), '3');
    await user.click(screen.getByRole('button', { name: 'Save Availability' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        startDate: '2027-06-10',
        endDate: '2027-06-12',
        isFlexible: false,
        flexibilityDays: 3,
        preferredDuration: 3,
        priority: 3,
        status: 'active',
        notes: null,
      },
    ]);
  });

  it('adds a special occasion: date required, birthday and importance 3 by default, participants split', async () => {
    const sent: RouterInputs['occasions']['create'][] = [];
    server.use(
      record('occasions.create', sent, (input) => ({
        id: 'o1',
        userId: 'u',
        description: null,
        occasionType: 'birthday',
        isRecurring: false,
        participants: [],
        importance: 3,
        celebrated: false,
        nextDate: null,
        ...input,
        ...stamp,
      })),
    );
    const onClose = renderDialog({ initialMode: 'occasion' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Grandma turns 90');
    expect(screen.getByLabelText('Occasion Type')).toHaveValue('birthday');
    expect(screen.getByText('3 – Moderate')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Date'));
    await user.click(screen.getByRole('button', { name: 'Save Occasion' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a date for the occasion');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Date'), '2027-04-02');
    await user.type(screen.getByLabelText(/Participants/), ' Alex , Jordan ,');
    await user.click(screen.getByRole('switch', { name: 'Recurring (every year)' }));
    await user.click(screen.getByRole('button', { name: 'Save Occasion' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        title: 'Grandma turns 90',
        description: null,
        date: '2027-04-02',
        occasionType: 'birthday',
        isRecurring: true,
        participants: ['Alex', 'Jordan'],
        importance: 3,
        celebrated: false,
      },
    ]);
  });

  it('says an end before the start under End Date, as the server would, before sending', async () => {
    const sent = recordWindows();
    renderDialog({ initialRange: { startDate: '2027-06-10', endDate: '2027-06-04' } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Availability' }));
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText('End Date')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("names the refused field by its label in the error toast, not by the API's name", async () => {
    server.use(trpcFieldError('availability.create', 'endDate', 'The end date cannot be before the start date'));
    renderDialog({ initialRange: { startDate: '2027-06-10', endDate: '2027-06-14' } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Availability' }));
    const toast = await screen.findByText('Could not save the availability');
    expect(toast.parentElement).toHaveTextContent('End date: The end date cannot be before the start date');
    expect(toast.parentElement).not.toHaveTextContent('endDate');
  });

  it('switches between Availability and Special Occasion', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Special Occasion' }));
    expect(screen.getByLabelText('Title')).toBeInTheDocument();
    expect(screen.queryByLabelText('Start Date')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Availability' }));
    expect(screen.getByLabelText('Start Date')).toBeInTheDocument();
  });
});
