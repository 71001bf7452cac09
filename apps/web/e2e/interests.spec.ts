import { expect, test } from './fixtures';
import { demo, e2eOrigin, signInAs, signUpNewTraveller } from './support';

// A traveller of its own: specs run in parallel on one demo database.

test('adds, edits and deletes an interest and a wishlist item while the completion bar follows', async ({ page }) => {
  await signUpNewTraveller(page, 'Indy Interests');
  await page.goto('/interests');
  await expect(page).toHaveTitle(/My Interests & Preferences/);
  await expect(page.getByRole('heading', { name: 'My Interests & Preferences', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start Building Your Interest Profile' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Add: the category's suggestions fill the name.
  await page.getByRole('button', { name: 'Add Your First Interest' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Interest' });
  await dialog.getByRole('button', { name: 'Add Interest' }).click();
  await expect(dialog.getByText('Please select a category')).toBeVisible();
  await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
  await dialog.getByLabel('Category').selectOption({ label: 'Nature' });
  await dialog.getByRole('button', { name: 'Waterfalls' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('Waterfalls');
  await dialog.getByRole('radio', { name: '4 stars – High interest' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Add Interest' }).click();
  await expect(page.getByText('Interest added! ✨')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('progressbar', { name: 'Profile Completion' })).toHaveAttribute('aria-valuenow', '13');
  await expect(page.getByRole('img', { name: 'Priority 4 of 5: High interest' })).toBeVisible();

  // Edit.
  await page.getByRole('button', { name: 'Edit Waterfalls' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Interest' });
  await edit.getByLabel('Name').fill('Hidden waterfalls');
  await edit.getByLabel(/Description/).fill('Swimming under them');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Interest updated')).toBeVisible();
  await expect(page.getByText('Swimming under them')).toBeVisible();

  // A wishlist item counts towards the profile too.
  await page.getByRole('tab', { name: 'Wishlist' }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Wishlist' }).first().click();
  const wish = page.getByRole('dialog', { name: 'Add to Wishlist' });
  await wish.getByLabel('Name').fill('Sail the fjords');
  await wish.getByLabel(/Destination/).fill('Norway');
  await wish.getByLabel(/Tags/).fill(' boats, summer ,');
  await wish.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page.getByText('Added to wishlist!')).toBeVisible();
  await expect(page.getByText('Sail the fjords')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('summer')).toBeVisible();

  await page.getByRole('tab', { name: 'Interests' }).click();
  await expect(page.getByRole('progressbar', { name: 'Profile Completion' })).toHaveAttribute('aria-valuenow', '25');

  // Remove the wishlist item and delete the interest, each asked first.
  await page.getByRole('tab', { name: 'Wishlist' }).click();
  await page.getByRole('button', { name: 'Remove Sail the fjords' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Item removed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();

  await page.getByRole('tab', { name: 'Interests' }).click();
  await expect(page.getByRole('progressbar', { name: 'Profile Completion' })).toHaveAttribute('aria-valuenow', '13');
  await page.getByRole('button', { name: 'Delete Hidden waterfalls' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Interest removed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start Building Your Interest Profile' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('food preferences saved by a traveller reach the agent', async ({ page, secondPage: agent }) => {
  await signUpNewTraveller(page, 'Fern Foodie');
  await page.goto('/interests');
  await page.getByRole('tab', { name: 'Food' }).click();
  await page.getByRole('checkbox', { name: 'Vegan' }).check();
  await page.getByLabel(/Allergies/).fill('Sesame');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Food preferences saved')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Food' }).click();
  await expect(page.getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
  await expect(page.getByLabel(/Allergies/)).toHaveValue('Sesame');

  // The agent sees them on the client's card in Client Management.
  await signInAs(agent, demo.agent);
  await agent.goto('/travel-planner?view=agent&tab=clients');
  const card = agent.getByRole('listitem').filter({ has: agent.getByRole('heading', { name: 'Fern Foodie' }) });
  const food = card.getByRole('region', { name: 'Food preferences' });
  await expect(food.getByText('Vegan')).toBeVisible();
  await expect(food.getByText('Sesame')).toBeVisible();

  // And the concierge sees them beside the traveller's chat.
  const asked = await page.request.post('/api/concierge/chat', {
    headers: { origin: e2eOrigin },
    data: { message: 'A dinner table for two tonight?' },
  });
  expect(asked.ok(), await asked.text()).toBeTruthy();
  await agent.goto('/concierge');
  await agent.getByRole('button', { name: /Fern Foodie/ }).click();
  const chatFood = agent.getByRole('region', { name: 'Food preferences' });
  await expect(chatFood.getByText('Vegan')).toBeVisible();
  await expect(chatFood.getByText('Sesame')).toBeVisible();
});
