import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Travel } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcPending, trpcQuery } from '~/test/trpc-handlers';
import { TravelPage } from './travel-page';

const marrakech: Travel = {
  id: 'travel-marrakech',
  tripId: null,
  title: 'Marrakech Medina Discovery',
  location: 'Marrakech, Morocco',
  startDate: '2024-12-30',
  endDate: '2025-01-04',
  imageUrl: null,
  description: 'Souks, riads and a night under the stars.',
  highlights: ['Jardin Majorelle at opening time', 'Camel ride at dusk'],
  tags: ['Family', 'Adventure'],
  latitude: 31.6295,
  longitude: -7.9811,
};

describe('a travel’s journal page', () => {
  it('shows the whole story with one label per tag', async () => {
    server.use(trpcQuery('journal.byId', marrakech));
    renderWithApi(<TravelPage id="travel-marrakech" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Marrakech Medina Discovery' })).toBeInTheDocument();
    expect(screen.getByText('Dec 30, 2024 – Jan 4, 2025')).toBeInTheDocument();
    expect(screen.getByText('Family Trip')).toBeInTheDocument();
    expect(screen.getByText('Adventure Trip')).toBeInTheDocument();
    // Without an image of its own, the gallery is four stock photos.
    const photos = within(screen.getByRole('region', { name: 'Photos' })).getAllByRole('img');
    expect(photos).toHaveLength(4);
    expect(photos.every((p) => p.getAttribute('alt')?.startsWith('Stock photo'))).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Highlights' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /See it on the journal map/ })).toHaveAttribute(
      'href',
      '/travel-journal?travel=travel-marrakech&view=map',
    );
    expect(document.title).toBe('Marrakech Medina Discovery · Naav');
  });

  it('says Trip not found for an id that is not the user’s', async () => {
    server.use(trpcError('journal.byId', 'NOT_FOUND'));
    renderWithApi(<TravelPage id="nope" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip not found' })).toBeInTheDocument();
    expect(screen.getByText("The trip you're looking for doesn't exist or has been removed")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Travel Journal' })).toHaveAttribute('href', '/travel-journal');
  });

  it('offers a retry when the server fails', async () => {
    server.use(trpcError('journal.byId', 'INTERNAL_SERVER_ERROR'));
    renderWithApi(<TravelPage id="travel-marrakech" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This travel could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a loading text meanwhile', async () => {
    server.use(trpcPending('journal.byId'));
    renderWithApi(<TravelPage id="travel-marrakech" />);
    expect(await screen.findByText('Loading travel...')).toBeInTheDocument();
  });
});
