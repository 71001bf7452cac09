import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, type InputOf } from '~/test/trpc-handlers';
import { WishlistTab } from './wishlist-tab';

configure({ asyncUtilTimeout: 5000 });

describe('Add to Wishlist', { timeout: 20_000 }, () => {
  it('asks for a name and a tag of at most 50 characters before sending, then sends the tags split', async () => {
    const sent: InputOf<'wishlist.create'>[] = [];
    server.use(
      trpcMutation('wishlist.create', (input) => {
        sent.push(input);
        return {
          id: 'w1',
          title: input.title,
          description: null,
          location: input.location ?? null,
          itemType: 'experience',
          tags: input.tags ?? [],
          latitude: null,
          longitude: null,
          createdAt: '2026-11-22T10:00:00.000Z',
        };
      }),
    );
    renderWithApi(
      <ToastProvider>
        <WishlistTab items={[]} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Your First Wish' }));
    const form = await screen.findByRole('form', { name: 'Add to wishlist' });
    await user.type(within(form).getByLabelText(/Tags/), `beach, ${'x'.repeat(51)}`);
    await user.click(within(form).getByRole('button', { name: 'Add to Wishlist' }));
    expect(await within(form).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(form).getByText('A tag can be at most 50 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Name'), 'Northern lights');
    await user.clear(within(form).getByLabelText(/Tags/));
    await user.type(within(form).getByLabelText(/Tags/), ' winter, ,arctic ');
    await user.click(within(form).getByRole('button', { name: 'Add to Wishlist' }));
    expect(await screen.findByText('Added to wishlist!')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        title: 'Northern lights',
        description: null,
        location: null,
        itemType: 'experience',
        tags: ['winter', 'arctic'],
      },
    ]);
  });

  it('adds Google Maps saved places from a file and says how many', async () => {
    const sent: InputOf<'wishlist.importPlaces'>[] = [];
    server.use(
      trpcMutation('wishlist.importPlaces', (input) => {
        sent.push(input);
        return { added: [], skipped: 2 };
      }),
    );
    renderWithApi(
      <ToastProvider>
        <WishlistTab items={[]} />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    const file = new File(['{"type":"FeatureCollection","features":[]}'], 'Saved Places.json', {
      type: 'application/json',
    });
    await user.upload(await screen.findByLabelText('Import Google Maps places'), file);
    expect(await screen.findByText('0 places added')).toBeInTheDocument();
    expect(screen.getByText('2 already on your wishlist')).toBeInTheDocument();
    expect(sent).toEqual([{ text: '{"type":"FeatureCollection","features":[]}' }]);
  });
});
