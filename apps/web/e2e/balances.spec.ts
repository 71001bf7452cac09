import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// A traveller of its own, with two companions: who paid, who shares and who owes.

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const headers = { origin: e2eOrigin };

test('splits an expense by exact amounts, shows the balances and records a suggested payment', async ({ page }) => {
  test.slow();
  await signUpNewTraveller(page, 'Bo Balance');
  const created = await page.request.post('/api/trips', {
    headers,
    data: {
      title: 'Porto weekend',
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: iso(0),
      endDate: iso(3),
      baseCurrency: 'USD',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const trip = (await created.json()) as { id: string };
  for (const name of ['Cleo', 'Dev']) {
    const companion = await page.request.post(`/api/trips/${trip.id}/companions`, {
      headers,
      data: { name, relationship: 'friend' },
    });
    expect(companion.ok(), await companion.text()).toBeTruthy();
  }
  await page.goto(`/budget-tracker?trip=${trip.id}`);
  await expect(page.getByRole('heading', { name: 'Porto weekend' })).toBeVisible();

  // The default takes no taps: paid by the person adding it, equal among everyone.
  await page.getByRole('button', { name: 'Add First Expense' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await expect(dialog.getByText('Paid by you, split equally among everyone')).toBeVisible();
  await dialog.getByLabel('Description').fill('Taxi');
  await dialog.getByLabel('Amount').fill('30');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog).toBeHidden();

  // Exact amounts must add up; Cleo paid.
  await page.getByRole('button', { name: 'Add Expense' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Description').fill('Dinner');
  await dialog.getByLabel('Amount').fill('90');
  await dialog.getByRole('button', { name: 'Change' }).click();
  await dialog.getByLabel('Paid by').selectOption({ label: 'Cleo' });
  await dialog.getByLabel('Split', { exact: true }).selectOption('exact');
  await dialog.getByLabel('Bo Balance: USD').fill('50');
  await dialog.getByLabel('Cleo: USD').fill('20');
  await dialog.getByLabel('Dev: USD').fill('10');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog.getByText('The parts add up to $80.00, not to $90.00')).toBeVisible();
  await dialog.getByLabel('Dev: USD').fill('20');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: test.info().outputPath(`split-form-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog).toBeHidden();

  // Bo paid 30 and owes 10 + 50; Cleo paid 90 and owes 10 + 20; Dev owes 10 + 20.
  await page.getByRole('tab', { name: 'Balances' }).click();
  const table = page.getByRole('table', { name: 'Balances' });
  await expect(table.getByRole('row', { name: /You/ })).toContainText('Owes $30.00');
  await expect(table.getByRole('row', { name: /Cleo/ })).toContainText('Owed $60.00');
  await expect(table.getByRole('row', { name: /Dev/ })).toContainText('Owes $30.00');
  const payments = page.getByRole('list', { name: 'Suggested payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await expect(payments).toContainText('You pay Cleo $30.00');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: test.info().outputPath(`balances-${width}.png`), fullPage: true });
  }

  // One click records it, after a confirmation.
  await page.getByRole('button', { name: 'Record: You pay Cleo $30.00' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record this payment?' });
  await expect(confirm).toContainText('You paid Cleo $30.00');
  await confirm.getByRole('button', { name: 'Record payment' }).click();
  await expect(confirm).toBeHidden();
  await expect(table.getByRole('row', { name: /You/ })).toContainText('Settled');
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments).toContainText('Dev pays Cleo $30.00');

  // A settlement is not spending: the total stays at the two expenses.
  await expect(page.getByTestId('total-expenses')).toHaveText('$120.00');
});
