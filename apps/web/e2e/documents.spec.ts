import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// A traveller of its own: specs run in parallel on one demo database.

const isoInDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('a passport that expires during an upcoming trip is flagged on that trip and on My Trips; numbers stay masked', async ({
  page,
}) => {
  await signUpNewTraveller(page, 'Dana Documents');
  const planned = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'Reykjavik Lights',
      destination: 'Iceland',
      location: 'Reykjavik, Iceland',
      startDate: isoInDays(30),
      endDate: isoInDays(40),
    },
  });
  expect(planned.ok(), await planned.text()).toBeTruthy();
  const trip = (await planned.json()) as { id: string };

  await page.goto('/travel-documents');
  await expect(page).toHaveTitle(/Travel Documents/);
  await expect(page.getByRole('heading', { name: 'No travel documents found' })).toBeVisible();

  // The required fields first.
  await page.getByRole('button', { name: 'Add Your First Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Document' });
  await dialog.getByRole('button', { name: 'Add Document' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();

  await dialog.getByLabel('Document Type').selectOption({ label: 'Passport' });
  await dialog.getByLabel('Document Name').fill('Icelandic Passport');
  await dialog.getByLabel('Document Number').fill('IS0098765');
  await dialog.getByLabel(/Expiry Date/).fill(isoInDays(35));
  await dialog.getByRole('button', { name: 'Add Document' }).click();
  await expect(page.getByText('Document created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Listed with the last four characters only, expiring soon.
  await expect(page.getByText('•••• 8765').first()).toBeVisible();
  await expect(page.getByText('IS0098765')).toHaveCount(0);
  await expect(page.getByText('Document expires soon').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /Expiring Soon\s*1/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Reykjavik Lights' })).toContainText('Icelandic Passport');

  // The trip's Documents tab names the passport and the trip.
  await page.goto(`/trips/${trip.id}?tab=documents`);
  const warning = page.getByRole('alert').filter({ hasText: 'Icelandic Passport' });
  await expect(warning).toContainText('before your trip “Reykjavik Lights” ends');

  // My Trips carries the same warning as a banner.
  await page.goto('/my-trips');
  await expect(page.getByRole('alert').filter({ hasText: 'Icelandic Passport' })).toContainText('Reykjavik Lights');

  // Renewed: the edit dialog shows the whole number on request; the warning goes away.
  await page.goto('/travel-documents');
  await page.getByRole('button', { name: 'Edit Icelandic Passport' }).first().click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  const number = edit.getByLabel('Document Number');
  await expect(number).toHaveAttribute('type', 'password');
  await edit.getByRole('button', { name: 'Show number' }).click();
  await expect(number).toHaveValue('IS0098765');
  await edit.getByLabel(/Expiry Date/).fill(isoInDays(3650));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Document updated successfully')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Icelandic Passport' })).toHaveCount(0);
  await page.goto(`/trips/${trip.id}?tab=documents`);
  await expect(page.getByText('No document problems for this trip.')).toBeVisible();

  // Deleted after confirmation.
  await page.goto('/travel-documents');
  await page.getByRole('button', { name: 'Delete Icelandic Passport' }).first().click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No travel documents found' })).toBeVisible();
});
