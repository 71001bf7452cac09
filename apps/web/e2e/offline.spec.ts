import { expect, test, type Page } from '@playwright/test';
import { demo, e2eOrigin, openInApp, signUpNewTraveller, startSession } from './support';

// The installed app without a network: the built app served by the real server, its service
// worker allowed (the other specs block it). One context visits the screens in sequence.
test.use({ serviceWorkers: 'allow' });

/** The offline copy of the query cache as stored in IndexedDB (see src/lib/offline-cache.ts), as one string. */
async function storedCopy(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('naav-offline');
        open.onupgradeneeded = () => open.result.createObjectStore('query-cache');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const database = open.result;
          const all = database.transaction('query-cache', 'readonly').objectStore('query-cache').getAll();
          all.onsuccess = () => {
            database.close();
            resolve(all.result.join('\n'));
          };
          all.onerror = () => resolve('');
        };
      }),
  );
}

test('after one visit online, each screen shows its data offline after a reload; sign-out deletes every copy', async ({
  page,
  context,
}) => {
  test.slow();
  // A session of its own: the test signs out at the end, which would end the worker's shared one.
  await startSession(page, demo.traveller);
  const trips = (await (await page.request.get('/api/trips')).json()) as {
    id: string;
    title: string;
    status: string;
  }[];
  const upcoming = trips.filter((trip) => trip.status === 'upcoming');
  expect(upcoming.length).toBeGreaterThan(0);

  // Online: the service worker installs, and the traveller looks at each screen once.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lisbon & the Algarve' }).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // From screen to screen inside the app, as by its links.
  await openInApp(page, '/my-trips');
  await expect(page.getByRole('heading', { name: /^Day \d of 7$/ })).toBeVisible();
  await openInApp(page, '/budget-tracker');
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(page.getByRole('row', { name: /Pastéis de Belém/ })).toBeVisible();
  await openInApp(page, '/travel-documents');
  await expect(page.getByText(/•••• \w{4}/).first()).toBeVisible();
  const masked =
    (
      await page
        .getByText(/•••• \w{4}/)
        .first()
        .textContent()
    )?.trim() ?? '';
  await openInApp(page, '/travel-journal');
  await expect(page.getByRole('heading', { name: 'Travel Journal', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'List View' }).click();
  await expect(
    page.getByRole('region', { name: 'Your travels' }).getByRole('button', { name: /Roman Holiday/ }),
  ).toBeVisible();
  await openInApp(page, '/concierge?tab=chat');
  await expect(page.getByText('Welcome to Lisbon! I am your concierge for this trip.')).toBeVisible();

  // The trips ahead are loaded in the background, without being opened, and saved.
  await expect
    .poll(
      async () => {
        const copy = await storedCopy(page);
        return (
          upcoming.every((trip) => copy.includes(trip.title)) &&
          copy.includes('localInfo') &&
          copy.includes('"rates"') &&
          copy.includes('Welcome to Lisbon!')
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // Never more of a document number than the screens show.
  const copy = await storedCopy(page);
  expect(copy).not.toContain('"documentNumber"');
  expect(copy).toContain('documentNumberLast4');

  // Offline, and every screen reloaded from scratch.
  await context.setOffline(true);
  await page.goto('/');
  const banner = page.getByRole('status').filter({ hasText: /^Offline — showing what was saved at / });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lisbon & the Algarve' }).first()).toBeVisible();

  await page.goto('/my-trips');
  const next = page.getByRole('button', { name: 'Next day' });
  const previous = page.getByRole('button', { name: 'Previous day' });
  await expect(page.getByRole('heading', { name: /^Day \d of 7$/ })).toBeVisible();
  while (await previous.isEnabled()) await previous.click();
  // Every day of the day-by-day panel: its schedule, its weather and the emergency numbers.
  for (let day = 1; day <= 7; day += 1) {
    await expect(page.getByRole('heading', { name: `Day ${day} of 7` })).toBeVisible();
    await expect(page.getByText(/^Typical for /)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Emergency Contacts' }).getByRole('link', { name: '112' }),
    ).toBeVisible();
    if (day < 7) await next.click();
  }
  await expect(page.getByRole('region', { name: 'Travel Companions' }).getByRole('listitem').first()).toBeVisible();

  // A trip ahead that was never opened.
  for (const trip of upcoming) {
    await page.goto(`/trips/${trip.id}`);
    await expect(page.getByRole('heading', { name: trip.title, level: 1 })).toBeVisible();
  }
  await page.goto('/trips/trip-lisbon');
  await expect(page.getByRole('heading', { name: 'Lisbon & the Algarve', level: 1 })).toBeVisible();
  await expect(page.getByText('Fado dinner at Clube de Fado').first()).toBeVisible();

  await page.goto('/budget-tracker');
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(page.getByRole('row', { name: /Pastéis de Belém/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Budget' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Budget' })).toBeVisible();

  await page.goto('/travel-documents');
  await expect(page.getByText(masked).first()).toBeVisible();

  await page.goto('/travel-journal');
  await page.getByRole('button', { name: 'List View' }).click();
  await expect(
    page.getByRole('region', { name: 'Your travels' }).getByRole('button', { name: /Roman Holiday/ }),
  ).toBeVisible();

  await page.goto('/concierge?tab=chat');
  await expect(page.getByText('Welcome to Lisbon! I am your concierge for this trip.')).toBeVisible();
  await expect(banner).toBeVisible();

  // What needs the server says so instead of failing.
  await page.goto('/sign-up');
  await expect(page.getByText('Creating an account needs a connection.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();

  // Back online; a photo seen before sits in the photos' cache (made here: the demo trip has none).
  await context.setOffline(false);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lisbon & the Algarve' }).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.evaluate(async () => {
    const photos = await caches.open('naav-photos');
    await photos.put('/api/photos/example/thumbnail', new Response('photo'));
  });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)))
    .toEqual([]);
  // The app shell's precache holds no one's data and stays; nothing else does.
  const left = await page.evaluate(() => caches.keys());
  expect(left.filter((name) => !name.startsWith('workbox-precache'))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('naav:offline-owner'))).toBeNull();
});

const iso = (d: Date) => d.toISOString().slice(0, 10);

test('changes made offline wait, survive a reload, and are stored exactly once when the network returns, even when an answer is lost', async ({
  page,
  context,
}) => {
  test.slow();
  // A traveller of their own, so the server's counts are theirs alone.
  await signUpNewTraveller(page, 'Otto Offline');
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'Porto Offline',
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: iso(new Date()),
      endDate: iso(new Date(Date.now() + 5 * 864e5)),
      baseCurrency: 'EUR',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const trip = (await created.json()) as { id: string };

  // Online once: the chat and the budget tracker are seen and saved on the device.
  await page.goto('/concierge?tab=chat');
  await expect(page.getByText('No messages yet')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`/budget-tracker?trip=${trip.id}`);
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(page.getByRole('heading', { name: 'No expenses found' })).toBeVisible();
  await expect.poll(async () => (await storedCopy(page)).includes('Porto Offline'), { timeout: 30_000 }).toBe(true);

  // Offline: three expenses and a chat message show at once, marked "Waiting to sync".
  await context.setOffline(true);
  const titles = ['Tram 28 tickets', 'Francesinha lunch', 'Port cellar tour'];
  for (const [index, title] of titles.entries()) {
    await page
      .locator('#main')
      .getByRole('button', { name: index === 0 ? 'Add First Expense' : 'Add Expense' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Expense' });
    await dialog.getByLabel('Description').fill(title);
    await dialog.getByLabel('Amount').fill(String(10 + index));
    await dialog.getByRole('button', { name: 'Add Expense' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Waiting to sync');
  }
  const banner = page.getByRole('status').filter({ hasText: /^Offline — / });
  await expect(banner).toContainText('3 changes waiting to sync');

  await page.goto('/concierge?tab=chat');
  const message = `Can you book a table for two tonight? ${Date.now()}`;
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send' }).click();
  const bubble = page.getByRole('listitem').filter({ hasText: message });
  await expect(bubble).toContainText('Waiting to sync');
  await expect(banner).toContainText('4 changes waiting to sync');

  // A reload without a network: the queue is still there, marks included.
  await page.reload();
  await expect(banner).toContainText('4 changes waiting to sync');
  await expect(bubble).toContainText('Waiting to sync');

  // Back online, but the answer to the second expense is lost after the server stored it:
  // the write is sent again with its key and stored once.
  let expenseCalls = 0;
  let lostAnswers = 0;
  const sent: string[] = [];
  await context.route('**/trpc/expenses.create**', async (route) => {
    expenseCalls += 1;
    const body = route.request().postDataJSON() as { json: { title: string } };
    if (!sent.includes(body.json.title)) sent.push(body.json.title);
    if (expenseCalls !== 2) return route.continue();
    await route.fetch();
    lostAnswers += 1;
    return route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect(bubble).not.toContainText('Waiting to sync', { timeout: 30_000 });
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);
  expect(lostAnswers).toBe(1);
  // Sent in the order they were made; the second twice (its answer was lost), with one key.
  expect(sent).toEqual(titles);
  expect(expenseCalls).toBe(4);

  // On the server: each change exactly once.
  const expenses = (await (await page.request.get(`/api/trips/${trip.id}/expenses`)).json()) as { title: string }[];
  expect(expenses.map((expense) => expense.title).sort()).toEqual([...titles].sort());
  const chat = (await (await page.request.get('/api/concierge/chat')).json()) as { message: string; sender: string }[];
  expect(chat.filter((m) => m.message === message)).toHaveLength(1);

  await page.goto(`/budget-tracker?trip=${trip.id}`);
  await page.getByRole('tab', { name: 'Expenses' }).click();
  for (const title of titles)
    await expect(page.getByRole('row', { name: new RegExp(title) })).not.toContainText('Waiting to sync');
  await expect(page.getByRole('row').filter({ has: page.getByRole('button', { name: /^Edit / }) })).toHaveCount(3);
});

test("a document's notes saved offline wait, survive a reload, and are stored once when the network returns", async ({
  page,
  context,
}) => {
  test.slow();
  await signUpNewTraveller(page, 'Nora Notes');
  const created = await page.request.post('/api/documents', {
    headers: { origin: e2eOrigin },
    data: { documentType: 'passport', documentName: 'Notes Passport', documentNumber: 'NP-5512-0042' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const document = (await created.json()) as { id: string };

  // Online once: the documents are seen and saved on the device.
  await page.goto('/travel-documents');
  const card = page.getByRole('listitem').filter({ hasText: 'Notes Passport' });
  await expect(card).toContainText('•••• 0042');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(async () => (await storedCopy(page)).includes('Notes Passport'), { timeout: 30_000 }).toBe(true);

  // Offline: the full edit and the deletion need a connection; the notes alone are kept, marked "Waiting to sync".
  await context.setOffline(true);
  await expect(card.getByRole('button', { name: 'Edit Notes Passport' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Delete Notes Passport' })).toBeDisabled();
  await expect(card).toContainText('Editing or deleting a document needs a connection.');
  let calls = 0;
  await context.route('**/trpc/documents.setNotes**', (route) => {
    calls += 1;
    return route.continue();
  });
  await card.getByRole('button', { name: 'Add notes to Notes Passport' }).click();
  await card.getByRole('textbox', { name: 'Notes', exact: true }).fill('Copy in the blue folder');
  await card.getByRole('button', { name: 'Save notes' }).click();
  await expect(card).toContainText('Copy in the blue folder');
  await expect(card).toContainText('Waiting to sync');

  await page.reload();
  await expect(card).toContainText('Copy in the blue folder');
  await expect(card).toContainText('Waiting to sync');
  expect(calls).toBe(0);

  await context.setOffline(false);
  await expect(card).not.toContainText('Waiting to sync', { timeout: 30_000 });
  await expect(card).toContainText('Copy in the blue folder');
  expect(calls).toBe(1);
  const stored = (await (await page.request.get(`/api/documents/${document.id}`)).json()) as { notes: string | null };
  expect(stored.notes).toBe('Copy in the blue folder');
});

test('an event edited offline waits to sync with its new values, Cancel takes an edit back, and the rest is stored once; the budget tracker opened from the navigation shows the trip last used', async ({
  page,
  context,
}) => {
  test.slow();
  await signUpNewTraveller(page, 'Eva Events');
  const day = (offset: number) => iso(new Date(Date.now() + offset * 864e5));
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { headers: { origin: e2eOrigin }, data });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()) as { id: string };
  };
  // A trip under way (the current one, whose budget is never opened) and one ahead, used last.
  await post('/api/trips', {
    title: 'Coimbra Now',
    destination: 'Portugal',
    location: 'Coimbra, Portugal',
    startDate: day(0),
    endDate: day(4),
    baseCurrency: 'EUR',
  });
  const madeira = await post('/api/trips', {
    title: 'Madeira Later',
    destination: 'Portugal',
    location: 'Funchal, Portugal',
    startDate: day(20),
    endDate: day(25),
    baseCurrency: 'EUR',
  });
  await post(`/api/trips/${madeira.id}/events`, {
    title: 'Levada walk',
    type: 'activity',
    date: day(20),
    startTime: '09:00',
  });
  await post(`/api/trips/${madeira.id}/events`, {
    title: 'Fish market',
    type: 'activity',
    date: day(21),
    startTime: '11:00',
  });

  // Online once: home, the trip ahead, and its budget.
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`/trips/${madeira.id}`);
  await expect(page.getByText('Fish market')).toBeVisible();
  await page.goto(`/budget-tracker?trip=${madeira.id}`);
  await expect(page.getByRole('heading', { name: 'Madeira Later', level: 2 })).toBeVisible();
  await expect
    .poll(
      async () => {
        const copy = await storedCopy(page);
        return copy.includes('Fish market') && copy.includes('budget-trip') && copy.includes('Coimbra Now');
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Offline: an edit is kept on the device at once and shown on its day with its new values.
  await context.setOffline(true);
  let updates = 0;
  await context.route('**/trpc/events.update**', (route) => {
    updates += 1;
    return route.continue();
  });
  await page.goto(`/trips/${madeira.id}`);
  const banner = page.getByRole('status').filter({ hasText: /^Offline — / });
  const savedAt = String.raw`Offline — showing what was saved at \d{1,2}:\d{2}\s(AM|PM)`;
  await expect(banner).toHaveText(new RegExp(`^${savedAt}$`));
  const edit = async (title: string, changes: { title: string; startTime?: string }) => {
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await dialog.getByLabel('Title').fill(changes.title);
    if (changes.startTime) await dialog.getByLabel(/^Start time/).fill(changes.startTime);
    await dialog.getByRole('button', { name: 'Save Event' }).click();
    await expect(dialog).toBeHidden();
  };
  await edit('Levada walk', { title: 'Levada walk at dawn', startTime: '07:30' });
  const levada = page.getByRole('listitem').filter({ hasText: 'Levada walk at dawn' }).last();
  await expect(levada).toContainText('Waiting to sync');
  await expect(levada).toContainText('7:30');
  await expect(page.getByText('Levada walk', { exact: true })).toHaveCount(0);
  await expect(banner).toHaveText(new RegExp(`^${savedAt} · 1 change waiting to sync$`));

  // A second edit, taken back with Cancel: the event shows as stored again, and it is never sent.
  await edit('Fish market', { title: 'Fish market and lunch' });
  await expect(banner).toContainText('· 2 changes waiting to sync');
  await page.getByRole('button', { name: 'Cancel the changes to Fish market and lunch' }).click();
  await expect(page.getByText('Fish market', { exact: true })).toBeVisible();
  await expect(page.getByText('Fish market and lunch')).toHaveCount(0);
  await expect(banner).toContainText('· 1 change waiting to sync');

  // A reload without a network keeps the waiting edit, and only it.
  await page.reload();
  await expect(levada).toContainText('Waiting to sync');
  await expect(page.getByText('Fish market', { exact: true })).toBeVisible();
  await expect(banner).toContainText('· 1 change waiting to sync');
  expect(updates).toBe(0);

  // The budget tracker from the navigation: the trip last used here, not the current trip it never saw.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Budget Tracker' }).click();
  await expect(page.getByRole('heading', { name: 'Madeira Later', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Select Trip')).toHaveValue(madeira.id);
  await expect(page.getByText('Loading the budget…')).toHaveCount(0);

  // Back online: the waiting edit is sent once and stored; the one taken back never leaves the device.
  await openInApp(page, `/trips/${madeira.id}`);
  await expect(levada).toContainText('Waiting to sync');
  await context.setOffline(false);
  await expect(page.getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Levada walk at dawn')).toBeVisible();
  expect(updates).toBe(1);
  await page.reload();
  await expect(page.getByText('Levada walk at dawn')).toBeVisible();
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);
  expect(updates).toBe(1);
  const stored = (await (await page.request.get(`/api/trips/${madeira.id}/events`)).json()) as {
    title: string;
    startTime: string | null;
  }[];
  expect(stored.map((event) => [event.title, event.startTime?.slice(0, 5)])).toEqual([
    ['Levada walk at dawn', '07:30'],
    ['Fish market', '11:00'],
  ]);
});

test('an expense split offline is stored once, with its payer and its parts, when the network returns', async ({
  page,
  context,
}) => {
  test.slow();
  await signUpNewTraveller(page, 'Sol Split');
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'Braga Offline',
      destination: 'Portugal',
      location: 'Braga, Portugal',
      startDate: iso(new Date()),
      endDate: iso(new Date(Date.now() + 3 * 864e5)),
      baseCurrency: 'EUR',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const trip = (await created.json()) as { id: string };
  const companion = await page.request.post(`/api/trips/${trip.id}/companions`, {
    headers: { origin: e2eOrigin },
    data: { name: 'Rui', relationship: 'friend' },
  });
  expect(companion.ok(), await companion.text()).toBeTruthy();

  // Online once: the budget and the trip's people are saved on the device.
  await page.goto(`/budget-tracker?trip=${trip.id}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect(page.getByRole('heading', { name: 'No expenses found' })).toBeVisible();
  await expect.poll(async () => (await storedCopy(page)).includes('"Rui"'), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await page.locator('#main').getByRole('button', { name: 'Add First Expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Expense' });
  await dialog.getByLabel('Description').fill('Bom Jesus funicular');
  await dialog.getByLabel('Amount').fill('12');
  await dialog.getByRole('button', { name: 'Change' }).click();
  await dialog.getByLabel('Paid by').selectOption({ label: 'Rui' });
  await dialog.getByLabel('Split', { exact: true }).selectOption('shares');
  await dialog.getByLabel('Sol Split: shares').fill('2');
  await dialog.getByRole('button', { name: 'Add Expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Bom Jesus funicular/ })).toContainText('Waiting to sync');

  await context.setOffline(false);
  await expect(page.getByText('Waiting to sync')).toHaveCount(0, { timeout: 30_000 });
  const stored = (await (await page.request.get(`/api/trips/${trip.id}/expenses`)).json()) as {
    title: string;
    paidBy: string;
    shares: { participantId: string; amount: number }[];
  }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]!.paidBy).toMatch(/^companion:/);
  expect(stored[0]!.shares.map((s) => s.amount).sort((a, b) => a - b)).toEqual([400, 800]);
});
