import { expect, test } from './fixtures';
import { signUpNewTraveller } from './support';

// A journal far longer than a screen: the list keeps a screenful of cards in the page and asks
// for the next page as the traveller scrolls, however many travels there are.

const travels = 400;
const day = (i: number) => new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const title = (i: number) => `Long journal ${String(i).padStart(4, '0')}`;

test('the list of a long journal stays a screenful in the page and loads later travels as it scrolls; Past Trips reads it a page at a time', async ({
  page,
}) => {
  await signUpNewTraveller(page, 'Lee Longjournal');
  // Seeded through the API, twenty at a time; the newest has the highest number.
  for (let start = 0; start < travels; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        page.request
          .post('/api/travels/history', {
            data: {
              title: title(start + k),
              location: 'Porto, Portugal',
              startDate: day(start + k),
              endDate: day(start + k),
            },
          })
          .then(async (response) => expect(response.ok(), await response.text()).toBeTruthy()),
      ),
    );
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/travel-journal?view=list');
  const results = page.getByRole('region', { name: 'Your travels' });
  const cards = results.getByRole('button', { name: /^Long journal/ });
  await expect(page.getByText(`${travels} travels`, { exact: true })).toBeVisible();
  await expect(cards.first()).toHaveAccessibleName(new RegExp(title(travels - 1)));

  const bounded = async () => {
    const inPage = await cards.count();
    expect(inPage).toBeGreaterThan(0);
    expect(inPage).toBeLessThanOrEqual(24);
    // The whole document, not just the list: a non-virtual list of 400 cards alone is about 3,000 nodes.
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1_200);
  };
  await bounded();

  // Scroll to the end, page after page, until the oldest travel is there.
  const oldest = results.getByRole('button', { name: new RegExp(title(0)) });
  for (let step = 0; step < 60 && !(await oldest.isVisible()); step++) {
    await page.mouse.wheel(0, 2_500);
    await page.waitForTimeout(150);
    if (step % 10 === 9) await bounded();
  }
  await expect(oldest).toBeVisible();
  await bounded();
  // The travel at the end works like the first: it opens in the panel.
  await oldest.click();
  await expect(
    page.getByRole('complementary', { name: 'Travel details' }).getByRole('heading', { name: title(0) }),
  ).toBeVisible();

  // My Trips' Past Trips: the newest page of travels, then the next one on request, newest first.
  await page.goto('/my-trips?tab=past');
  const past = page
    .getByRole('region', { name: 'Past Trips' })
    .getByRole('link', { name: /^View Details of Long journal/ });
  await expect(past).toHaveCount(24);
  await expect(past.first()).toHaveAccessibleName(`View Details of ${title(travels - 1)}`);
  await page.getByRole('button', { name: 'Show more past trips' }).click();
  await expect(past).toHaveCount(48);
  await expect(past.nth(47)).toHaveAccessibleName(`View Details of ${title(travels - 48)}`);
});

// Sixty places, most of them close together in Europe, four travels each: a crowded map.
const places = [
  'Lisbon, Portugal',
  'Porto, Portugal',
  'Madeira, Portugal',
  'Barcelona, Spain',
  'Madrid, Spain',
  'Seville, Spain',
  'Valencia, Spain',
  'Palma, Spain',
  'Paris, France',
  'Nice, France',
  'Lyon, France',
  'Bordeaux, France',
  'London, United Kingdom',
  'Edinburgh, United Kingdom',
  'Dublin, Ireland',
  'Rome, Italy',
  'Milan, Italy',
  'Venice, Italy',
  'Florence, Italy',
  'Naples, Italy',
  'Sicily, Italy',
  'Sardinia, Italy',
  'Athens, Greece',
  'Santorini, Greece',
  'Crete, Greece',
  'Corfu, Greece',
  'Istanbul, Türkiye',
  'Antalya, Türkiye',
  'Zurich, Switzerland',
  'Geneva, Switzerland',
  'Amsterdam, Netherlands',
  'Brussels, Belgium',
  'Berlin, Germany',
  'Munich, Germany',
  'Prague, Czechia',
  'Vienna, Austria',
  'Budapest, Hungary',
  'Kraków, Poland',
  'Warsaw, Poland',
  'Copenhagen, Denmark',
  'Stockholm, Sweden',
  'Oslo, Norway',
  'Bergen, Norway',
  'Helsinki, Finland',
  'Tallinn, Estonia',
  'Dubrovnik, Croatia',
  'Split, Croatia',
  'Ljubljana, Slovenia',
  'Valletta, Malta',
  'Cyprus, Cyprus',
  'Cairo, Egypt',
  'Marrakech, Morocco',
  'Casablanca, Morocco',
  'Dubai, United Arab Emirates',
  'Kyoto, Japan',
  'Tokyo, Japan',
  'New York, USA',
  'Boston, USA',
  'Toronto, Canada',
  'Sydney, Australia',
];

test('a crowded journal map draws a numbered mark per cluster that overlaps no other, on a phone and on a desktop', async ({
  page,
}) => {
  await signUpNewTraveller(page, 'Morgan Manyplaces');
  const entries = places.flatMap((location, p) =>
    Array.from({ length: 4 }, (_, k) => ({ location, title: `Crowded ${p}-${k}`, date: day(p * 4 + k) })),
  );
  for (let start = 0; start < entries.length; start += 20) {
    await Promise.all(
      entries
        .slice(start, start + 20)
        .map(({ location, title: name, date }) =>
          page.request
            .post('/api/travels/history', { data: { title: name, location, startDate: date, endDate: date } })
            .then(async (response) => expect(response.ok(), await response.text()).toBeTruthy()),
        ),
    );
  }

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/travel-journal');
    const marks = page
      .getByRole('group', { name: 'Map of your travels' })
      .getByRole('button', { name: /travels here/ });
    await expect(marks.first()).toBeVisible();
    // Every travel is in one mark or another.
    const counted = async () =>
      (await marks.locator('text').allTextContents()).reduce((sum, text) => sum + Number(text), 0);
    await expect.poll(counted).toBe(entries.length);
    // A numbered mark is a circle 28 px across: no two of their centres are closer than that.
    const centres = await marks.evaluateAll((groups) =>
      groups.map((group) => {
        // The drawn mark: after the invisible 44 px hit circle and the focus ring.
        const box = group.querySelectorAll('circle')[2]!.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2, width: box.width };
      }),
    );
    expect(centres.length).toBeLessThanOrEqual(places.length);
    for (const [i, a] of centres.entries()) {
      for (const b of centres.slice(i + 1))
        expect(Math.hypot(a.x - b.x, a.y - b.y), `${viewport.width} px`).toBeGreaterThanOrEqual(a.width - 0.5);
    }
  }
});
