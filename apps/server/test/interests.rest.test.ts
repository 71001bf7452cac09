import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let traveller: string;
let traveller2: string;
let agent: string;

const { get, send } = restCalls(
  () => server,
  () => traveller,
);

interface Row {
  id: string;
  [key: string]: unknown;
}
interface Profile {
  interests: Row[];
  wishlist: Row[];
}

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW });
  traveller = await server.signIn('traveller@naav.example');
  traveller2 = await server.signIn('traveller2@naav.example');
  agent = await server.signIn('agent@naav.example');
});

describe('/api/interests', () => {
  it('GET /api/interests/categories lists id, name, color, iconName and description', async () => {
    const categories = await json<Row[]>(await get('/api/interests/categories'));
    expect(categories).toHaveLength(7);
    expect(categories[0]).toMatchObject({
      id: 1,
      name: 'Cuisine',
      iconName: 'utensils',
      color: expect.stringMatching(/^#/),
      description: expect.any(String),
    });
  });

  it('POST stores the documented payload, PATCH changes it, DELETE removes it, and /api/profile/interests follows', async () => {
    const created = await json<Row>(
      await send('POST', '/api/interests', { categoryId: 7, name: 'Surfing', description: 'Longboard', priority: 4 }),
    );
    expect(created).toMatchObject({
      categoryId: 7,
      categoryName: 'Sport',
      name: 'Surfing',
      description: 'Longboard',
      priority: 4,
    });

    const patched = await json<Row>(
      await send('PATCH', `/api/interests/${created.id}`, {
        categoryId: 7,
        name: 'Surfing lessons',
        description: '',
        priority: 5,
      }),
    );
    expect(patched).toMatchObject({ id: created.id, name: 'Surfing lessons', description: null, priority: 5 });

    let profile = await json<Profile>(await get('/api/profile/interests'));
    expect(profile.interests.map((i) => i.name)).toContain('Surfing lessons');
    expect(profile.wishlist.map((w) => w.title)).toEqual(['See the Northern Lights']);

    expect(await json<Row>(await send('DELETE', `/api/interests/${created.id}`))).toEqual({
      id: created.id,
      deleted: true,
    });
    profile = await json<Profile>(await get('/api/profile/interests'));
    expect(profile.interests.map((i) => i.id)).not.toContain(created.id);
  });

  it.each([
    ['categoryId', { categoryId: 0, name: 'Surfing' }, 'Please select a category'],
    ['name', { categoryId: 7, name: 'S' }, 'Name must be at least 2 characters'],
  ])('POST is 400 naming %s with the form text, and stores nothing', async (field, body, text) => {
    const before = await json<Profile>(await get('/api/profile/interests'));
    const error = await restError(await send('POST', '/api/interests', body), 400, 'BAD_REQUEST');
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual([field]);
    expect(error.message).toContain(text);
    expect(await json<Profile>(await get('/api/profile/interests'))).toEqual(before);
  });

  it("PATCH and DELETE of another traveller's interest are 404", async () => {
    await restError(
      await send('PATCH', '/api/interests/interest-street-food', { priority: 1 }, traveller2),
      404,
      'NOT_FOUND',
    );
    await restError(
      await send('DELETE', '/api/interests/interest-street-food', undefined, traveller2),
      404,
      'NOT_FOUND',
    );
    const profile = await json<Profile>(await get('/api/profile/interests'));
    expect(profile.interests.find((i) => i.id === 'interest-street-food')).toMatchObject({ priority: 4 });
  });
});

describe('/api/wishlist', () => {
  it('POST stores title, description, location, itemType and tags; DELETE removes; another traveller gets 404', async () => {
    const item = await json<Row>(
      await send('POST', '/api/wishlist', {
        title: 'Hot springs',
        description: 'Onsen',
        location: 'Hakone',
        itemType: 'experience',
        tags: ['japan', ' relax '],
      }),
    );
    expect(item).toMatchObject({
      title: 'Hot springs',
      location: 'Hakone',
      itemType: 'experience',
      tags: ['japan', 'relax'],
    });
    await restError(await send('DELETE', `/api/wishlist/${item.id}`, undefined, traveller2), 404, 'NOT_FOUND');
    expect(await json<Row>(await send('DELETE', `/api/wishlist/${item.id}`))).toEqual({ id: item.id, deleted: true });
  });

  it('POST /import adds Google Maps saved places with their coordinates, once; a file that is none is 400 naming file', async () => {
    const text = readFileSync(
      new URL(
        '../../../packages/api/src/routers/bookings/corpus/apps/google-takeout-saved-places.json',
        import.meta.url,
      ),
      'utf8',
    );
    const first = await json<{ added: Row[]; skipped: number }>(await send('POST', '/api/wishlist/import', { text }));
    expect(first.added.map((w) => [w.title, w.latitude, w.longitude, w.tags])).toEqual([
      ['Belém Tower', 38.6915837, -9.2159879, ['google-maps']],
      ['Eiffel Tower', 48.8583701, 2.2944813, ['google-maps']],
      ['Pontocho Alley', 35.0116, 135.7681, ['google-maps']],
    ]);
    const again = await json<{ added: Row[]; skipped: number }>(await send('POST', '/api/wishlist/import', { text }));
    expect(again).toEqual({ added: [], skipped: 3 });
    const error = await restError(await send('POST', '/api/wishlist/import', { text: '{"a":1}' }), 400, 'BAD_REQUEST');
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual(['file']);
  });

  it('POST is 400 naming title when it is missing', async () => {
    const error = await restError(await send('POST', '/api/wishlist', { description: 'x' }), 400, 'BAD_REQUEST');
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual(['title']);
  });
});

describe('food preferences', () => {
  it('PUT /api/profile/food-preferences replaces them and agents read them at /api/clients/{id}/food-preferences', async () => {
    const saved = await json<Row>(
      await send('PUT', '/api/profile/food-preferences', { diets: ['kosher'], allergies: 'Sesame' }, traveller2),
    );
    expect(saved).toMatchObject({ diets: ['kosher'], allergies: 'Sesame', notes: null });
    expect(await json<Row>(await get('/api/profile/food-preferences', traveller2))).toEqual(saved);
    expect(await json<Row>(await get('/api/clients/user-traveller2/food-preferences', agent))).toEqual(saved);
    await restError(await get('/api/clients/user-traveller2/food-preferences', traveller), 403, 'FORBIDDEN');
    await restError(await get('/api/clients/no-such-client/food-preferences', agent), 404, 'NOT_FOUND');
  });

  it('PUT is 400 naming diets for an unknown diet', async () => {
    const error = await restError(
      await send('PUT', '/api/profile/food-preferences', { diets: ['paleo'] }),
      400,
      'BAD_REQUEST',
    );
    expect(error.issues?.map((i) => i.path.join('.'))).toEqual(['diets.0']);
  });
});
