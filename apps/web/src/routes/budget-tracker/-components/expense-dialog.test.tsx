import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { localToday } from '~/components/availability/availability-labels';
import type { RouterInputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, trpcQuery, type OutputOf } from '~/test/trpc-handlers';
import { budgetCategories } from '@naav/schemas/budget';
import { ExpenseDialog, type EditableExpense } from './expense-dialog';
import { expenseFromCreate } from './waiting-expenses';

configure({ asyncUtilTimeout: 5000 });

type Body = RouterInputs['expenses']['create'];

function record(path: 'expenses.create', sent: Body[]) {
  return trpcMutation(path, (input) => {
    sent.push(input);
    // Stored as the server stores it: the frozen rate (the manual one, else 1 here), the amount in the base currency.
    return expenseFromCreate(input, {
      id: 'e1',
      at: '2026-11-22T10:00:00.000Z',
      rate: 1,
      categories: budgetCategories,
    });
  });
}

const me: OutputOf<'me.get'> = {
  id: 'u1',
  name: 'Jordan Lee',
  email: 'jordan@naav.example',
  role: 'client',
  initials: 'JL',
  emailVerified: true,
  twoFactorEnabled: false,
  hasPassword: true,
  twoFactorRequired: false,
};
const people: OutputOf<'balances.participants'> = [
  { id: 'user:u1', name: 'Jordan Lee', kind: 'owner', userId: 'u1' },
  { id: 'user:u2', name: 'Sam Rivera', kind: 'member', userId: 'u2' },
  { id: 'companion:c1', name: 'Mia', kind: 'companion', userId: null },
];

function renderDialog(editing: EditableExpense | null = null, tripDates?: { startDate: string; endDate: string }) {
  const onClose = vi.fn();
  server.use(trpcQuery('me.get', me), trpcQuery('balances.participants', people));
  const props = {
    open: true,
    onClose,
    tripId: 'trip-1',
    tripDates: { startDate: '2020-01-01', endDate: '2099-12-31' },
    baseCurrency: 'USD',
    categories: budgetCategories,
    // 1 USD = 0.8 EUR, so 1 EUR = 1.25 USD.
    rates: { USD: 1, EUR: 0.8, GBP: 0.75 },
    ratesDate: '2026-03-09',
    editing,
    ...(tripDates ? { tripDates } : {}),
  };
  const view = renderWithApi(
    <ToastProvider>
      <ExpenseDialog {...props} />
    </ToastProvider>,
  );
  return { onClose, view, props };
}

const lisbonTrip = { startDate: '2026-03-08', endDate: '2026-03-14' };

/** Types a new expense's description, amount and date, and presses Add Expense. */
async function addExpense(user: ReturnType<typeof userEvent.setup>, title: string, amount: string, date: string) {
  await user.type(await screen.findByLabelText('Description'), title);
  await user.type(screen.getByLabelText('Amount'), amount);
  await user.clear(screen.getByLabelText('Date'));
  await user.type(screen.getByLabelText('Date'), date);
  await user.click(screen.getByRole('button', { name: 'Add Expense' }));
}

describe('Add/Edit Expense dialog', { timeout: 20_000 }, () => {
  it('alerts when a required field is missing; sends minor units with empty optional fields as null', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Date')).toHaveValue(localToday());
    await user.type(screen.getByLabelText('Description'), 'Museum tickets');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Amount'), '19.999');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    expect(screen.getByText(/1 EUR = 1\.2500 USD \(rates as of 2026-03-09\)/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Reimbursable'));
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        tripId: 'trip-1',
        title: 'Museum tickets',
        amount: 2000,
        currency: 'EUR',
        categoryId: null,
        date: localToday(),
        notes: null,
        paymentMethod: null,
        location: null,
        isReimbursable: true,
        exchangeRate: null,
      },
    ]);
  });

  it('sends a typed-in rate for a foreign currency', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), 'Card payment');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await user.selectOptions(screen.getByLabelText(/Category/), '3');
    await user.click(screen.getByLabelText(/Use my own rate/));
    await user.type(screen.getByLabelText('USD per 1 GBP'), '1.4');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ amount: 1000, currency: 'GBP', categoryId: 3, exchangeRate: 1.4 });
  });

  it('prefills every field to edit, shows the frozen rate, and a cancel resets the form', async () => {
    const editing: EditableExpense = {
      id: 'e9',
      title: 'Dinner',
      amount: 4550,
      currency: 'EUR',
      categoryId: 3,
      date: '2026-03-01',
      notes: 'Anniversary',
      paymentMethod: 'Cash',
      location: 'Lisbon',
      isReimbursable: true,
      exchangeRate: 1.1,
      rateIsManual: false,
    };
    const { onClose } = renderDialog(editing);
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Description')).toHaveValue('Dinner');
    expect(screen.getByLabelText('Amount')).toHaveValue(45.5);
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
    expect(screen.getByLabelText(/Category/)).toHaveValue('3');
    expect(screen.getByLabelText(/Payment Method/)).toHaveValue('Cash');
    expect(screen.getByLabelText(/Location/)).toHaveValue('Lisbon');
    expect(screen.getByLabelText(/Notes/)).toHaveValue('Anniversary');
    expect(screen.getByLabelText('Reimbursable')).toBeChecked();
    expect(screen.getByText(/1 EUR = 1\.1000 USD \(the rate saved with this expense\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    // Reset to a new expense: the trip currency, today, not reimbursable.
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('Date')).toHaveValue(localToday());
    expect(screen.getByLabelText('Reimbursable')).not.toBeChecked();
  });

  it('asks before saving a date outside the trip, asks again for another such date, and sends the confirmation', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog(null, lisbonTrip);
    const user = userEvent.setup();
    await addExpense(user, 'Hotel deposit', '200', '2025-12-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dec 1, 2025 is outside this trip (Mar 8 – Mar 14, 2026). Save the expense on that date anyway?',
    );
    expect(screen.getByRole('button', { name: 'Save Anyway' })).toHaveFocus();
    expect(sent).toEqual([]);

    // Changing the date: back to the field; the new date is asked about in its turn.
    await user.click(screen.getByRole('button', { name: 'Change the Date' }));
    expect(screen.getByLabelText('Date')).toHaveFocus();
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2025-12-02');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await user.click(await screen.findByRole('button', { name: 'Save Anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({ title: 'Hotel deposit', amount: 20_000, date: '2025-12-02', allowOutsideTrip: true }),
    ]);
  });

  it('sends a date within the trip without asking', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog(null, lisbonTrip);
    await addExpense(userEvent.setup(), 'Tram', '3', '2026-03-14');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('allowOutsideTrip');
  });

  it('checks a manual rate as the server would before sending: blank, then not above 0', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), 'Card payment');
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await user.click(screen.getByLabelText(/Use my own rate/));
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    const rate = screen.getByLabelText('USD per 1 GBP');
    expect(await screen.findByText('Enter a rate above 0')).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription('Enter a rate above 0');

    await user.type(rate, '0');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Must be above 0')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows a rule only the server knows on the field its 400 names, with the spec's toast", async () => {
    server.use(trpcFieldError('expenses.create', 'title', 'An expense with this description already exists'));
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await addExpense(user, 'Tram', '3', localToday());
    expect(await screen.findByText('Could not add the expense')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      'An expense with this description already exists',
    );
    expect(screen.getByRole('button', { name: 'Add Expense' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Paid by and split between', { timeout: 20_000 }, () => {
  it('sends the default (the person adding it paid, equal among everyone) without a tap on the split', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog();
    expect(await screen.findByText('Paid by you, split equally among everyone')).toBeInTheDocument();
    await addExpense(userEvent.setup(), 'Dinner', '30', localToday());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).not.toHaveProperty('split');
    expect(sent[0]).not.toHaveProperty('paidBy');
  });

  it('refuses exact amounts that do not add up, on the split, then sends the payer and the parts', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), 'Ferry');
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await user.selectOptions(screen.getByLabelText('Paid by'), 'user:u2');
    await user.selectOptions(screen.getByLabelText('Split'), 'exact');
    await user.clear(screen.getByLabelText('Jordan Lee: USD'));
    await user.type(screen.getByLabelText('Jordan Lee: USD'), '20');
    await user.clear(screen.getByLabelText('Sam Rivera: USD'));
    await user.type(screen.getByLabelText('Sam Rivera: USD'), '20');
    await user.clear(screen.getByLabelText('Mia: USD'));
    await user.type(screen.getByLabelText('Mia: USD'), '5');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('The parts add up to $45.00, not to $50.00')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Mia: USD'));
    await user.type(screen.getByLabelText('Mia: USD'), '10');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      paidBy: 'user:u2',
      split: {
        mode: 'exact',
        parts: [
          { participantId: 'user:u1', value: 2000 },
          { participantId: 'user:u2', value: 2000 },
          { participantId: 'companion:c1', value: 1000 },
        ],
      },
    });
  });

  it('splits equally among the people left ticked', async () => {
    const sent: Body[] = [];
    server.use(record('expenses.create', sent));
    const { onClose } = renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), 'Taxi');
    await user.type(screen.getByLabelText('Amount'), '12');
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await user.click(screen.getByLabelText('Mia'));
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]?.split).toEqual({
      mode: 'equal',
      parts: [
        { participantId: 'user:u1', value: 1 },
        { participantId: 'user:u2', value: 1 },
      ],
    });
  });
});
