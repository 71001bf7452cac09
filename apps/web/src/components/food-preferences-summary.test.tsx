import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcError, trpcQuery } from '../test/trpc-handlers';
import { FoodPreferencesSummary } from './food-preferences-summary';

configure({ asyncUtilTimeout: 5000 });

describe('FoodPreferencesSummary', () => {
  it("shows a client's diets, allergies and notes", async () => {
    server.use(
      trpcQuery('interests.clientFoodPreferences', {
        diets: ['vegetarian', 'gluten_free'],
        allergies: 'Peanuts',
        notes: 'Window table',
        updatedAt: '2026-11-22T10:00:00.000Z',
      }),
    );
    renderWithApi(<FoodPreferencesSummary clientId="user-traveller" />);
    expect(await screen.findByText('Vegetarian')).toBeInTheDocument();
    expect(screen.getByText('Gluten-free')).toBeInTheDocument();
    expect(screen.getByText('Peanuts')).toBeInTheDocument();
    expect(screen.getByText('Window table')).toBeInTheDocument();
  });

  it('says when the client shared none, and when they could not be loaded', async () => {
    server.use(
      trpcQuery('interests.clientFoodPreferences', { diets: [], allergies: null, notes: null, updatedAt: null }),
    );
    const { unmount } = renderWithApi(<FoodPreferencesSummary clientId="user-traveller2" />);
    expect(await screen.findByText('No dietary preferences shared.')).toBeInTheDocument();
    unmount();
    server.use(trpcError('interests.clientFoodPreferences', 'INTERNAL_SERVER_ERROR'));
    renderWithApi(<FoodPreferencesSummary clientId="user-traveller2" />);
    expect(await screen.findByText("Couldn't load the food preferences.")).toBeInTheDocument();
  });
});
