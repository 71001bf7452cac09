import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFile } from 'node:fs/promises';
import { expectNone, scan } from './axe';
import { demo, e2eOrigin, signInAs, signUpNewTraveller } from './support';

// A traveller of its own: specs run in parallel on one demo database.

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The states the route-wide accessibility scan does not reach (tabs, dialog, filled table): no serious or critical findings. */
async function expectAccessible(page: Page, where: string) {
  expectNone(await scan(page, where));
}

test('tracks a USD trip: adds a EUR expense, edits, filters, switches currency, charts, budget, CSV and deletes', async ({
  page,
}) => {
  await signUpNewTraveller(page, 'Bea Budget');
  await page.goto('/budget-tracker');
  await expect(page).toHaveTitle(/Budget Tracker/);
  await expect(page.getByRole('heading', { name: 'No trips found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a Trip' })).toHaveAttribute('href', '/my-trips');

  const today = new Date();
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'Rome Getaway',
      destination: 'Italy',
      location: 'Rome, Italy',
      startDate: iso(today),
      endDate: iso(new Date(Date.now() + 5 * 864e5)),
      baseCurrency: 'USD',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const trip = (await created.json()) as { id: string };

  // The only trip is chosen and written into the address.
  await page.goto('/budget-tracker');
  await expect(page).toHaveURL(new RegExp(`trip=${trip.id}`));
  await expect(page.getByRole('heading', { name: 'Rome Getaway' })).toBeVisible();
  await expect(page.getByText('No budget set').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No expenses found' })).toBeVisible();

  // Add an expense in EUR: the row shows it in euros and, converted, in dollars.
  await page.getByRole('button', { name: 'Add First Expense' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill in all required fields');
  await dialog.getByLabel('Description').fill('Colosseum tour');
  await dialog.getByLabel('Amount').fill('50');
  await dialog.getByLabel('Currency').selectOption('EUR');
  await expect(dialog.getByText(/1 EUR = \d\.\d{4} USD \(rates as of \d{4}-\d{2}-\d{2}\)/)).toBeVisible();
  await dialog.getByLabel(/Category/).selectOption({ label: 'Activities' });
  await dialog.getByLabel(/Location/).fill('Rome');
  await dialog.getByLabel('Reimbursable').check();
  await expectAccessible(page, 'Add Expense dialog');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog).toBeHidden();
  const colosseum = page.getByRole('row', { name: /Colosseum tour/ });
  await expect(colosseum).toContainText('€50.00');
  await expect(colosseum).toContainText(/≈ \$5\d\.\d\d/);
  await expect(colosseum).toContainText('Reimbursable');

  // Edit it.
  await page.getByRole('button', { name: 'Edit Colosseum tour' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Expense' });
  await expect(dialog.getByLabel('Description')).toHaveValue('Colosseum tour');
  await dialog.getByLabel('Amount').fill('60');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(colosseum).toContainText('€60.00');

  // A second one, in dollars.
  await page.locator('#main').getByRole('button', { name: 'Add Expense' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
  await dialog.getByLabel('Description').fill('Hotel Artemide');
  await dialog.getByLabel('Amount').fill('200');
  await dialog.getByLabel(/Category/).selectOption({ label: 'Accommodation' });
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('in 2 currencies')).toBeVisible();
  await expectAccessible(page, 'Expenses tab');

  // Filters and search.
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit / }) });
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Search').fill('artemide');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Hotel Artemide');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Activities' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Colosseum tour');
  await page.getByLabel('Search').fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No expenses found' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Date', { exact: true }).selectOption({ label: 'This Week' });
  await expect(rows).toHaveCount(2);

  // Export the (filtered) list.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toMatch(/^Date,Description,Category,Amount,Currency,Amount \(USD\)/);
  expect(csv).toContain('Colosseum tour');
  expect(csv).toContain('Hotel Artemide');

  // Display currency: totals and the dollar row now read in euros.
  await page.getByLabel('Display currency').selectOption('EUR');
  await expect(page.getByTestId('total-expenses')).toHaveText(/^€/);
  await expect(page.getByRole('row', { name: /Hotel Artemide/ })).toContainText(/≈ €1\d\d\.\d\d/);

  // Charts: one segment per category and per currency.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const byCategory = page.getByRole('img', { name: /^Expenses by Category/ });
  await expect(byCategory.locator('path[data-segment]')).toHaveCount(2);
  await expect(byCategory).toHaveAccessibleName(/Accommodation: €.*Activities: €/);
  const byCurrency = page.getByRole('img', { name: /^Expenses by Currency/ });
  await expect(byCurrency.locator('path[data-segment]')).toHaveCount(2);
  await expect(page.getByText(/^1 USD = \d+\.\d{4}$/).first()).toBeVisible();
  await expectAccessible(page, 'Analytics tab');

  // A budget below what was spent: the bar is full and red.
  await page.getByRole('tab', { name: 'Budget' }).click();
  const form = page.getByRole('form', { name: 'Update budget' });
  await form.getByLabel('Amount').fill('100');
  await form.getByRole('button', { name: 'Update Budget' }).click();
  const bar = page.getByRole('progressbar', { name: 'Spending progress' });
  await expect(bar).toHaveAttribute('data-over', 'true');
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(/over budget/).first()).toBeVisible();
  await expectAccessible(page, 'Budget tab');

  // Delete with confirmation.
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await page.getByRole('button', { name: 'Delete Hotel Artemide' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('Are you sure you want to delete this expense? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /Hotel Artemide/ })).toHaveCount(0);
  await expect(rows).toHaveCount(1);

  // The trip survives a reload through the address.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rome Getaway' })).toBeVisible();
});

test("the trip's budget reads the same on trip detail and in the budget tracker (Kyoto, in yen)", async ({ page }) => {
  // The demo's Kyoto trip is only read: its budget is 80,000,000 minor units of JPY, i.e. ¥800,000 (the yen has no decimals).
  await signInAs(page, demo.traveller);
  await page.goto('/trips/trip-kyoto?tab=details');
  const detailBudget = page.getByRole('tabpanel').locator('dt:text-is("Budget") + dd');
  await expect(detailBudget).toHaveText('¥800,000');
  const onTripDetail = await detailBudget.textContent();

  await page.goto('/budget-tracker?trip=trip-kyoto');
  await expect(page.getByRole('heading', { name: 'Kyoto in Autumn' })).toBeVisible();
  await expect(page.locator('p:text-is("Trip Budget") + p')).toHaveText(onTripDetail ?? 'missing');
});
