import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcFieldError, trpcMutation, trpcQuery, type InputOf } from '~/test/trpc-handlers';
import { FoodTab } from './food-tab';

configure({ asyncUtilTimeout: 5000 });

function renderTab() {
  server.use(trpcQuery('interests.foodPreferences', { diets: ['vegan'], allergies: 'peanuts', notes: null, updatedAt: '2026-11-22T10:00:00.000Z' }));
  renderWithApi(
    <ToastProvider>
      <FoodTab />
    </ToastProvider>,
  );
}

describe('Food tab', { timeout: 20_000 }, () => {
  it('starts from the saved preferences and saves the ticked diets with the texts trimmed', async () => {
    const sent: InputOf<'interests.saveFoodPreferences'>[] = [];
    server.use(
      trpcMutation('interests.saveFoodPreferences', (input) => {
        sent.push(input);
        return { diets: input.diets ?? [], allergies: input.allergies ?? null, notes: input.notes ?? null, updatedAt: '2026-11-23T10:00:00.000Z' };
      }),
    );
    renderTab();
    const user = userEvent.setup();
    expect(await screen.findByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    expect(screen.getByLabelText(/Allergies/)).toHaveValue('peanuts');
    await user.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    await user.click(screen.getByRole('checkbox', { name: 'Halal' }));
    await user.type(screen.getByLabelText(/Other notes/), '  No spicy food  ');
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Food preferences saved')).toBeInTheDocument();
    expect(sent).toEqual([{ diets: ['halal'], allergies: 'peanuts', notes: 'No spicy food' }]);
  });

  it('puts what the server refuses on its field, with the spec’s error toast', async () => {
    server.use(trpcFieldError('interests.saveFoodPreferences', 'allergies', 'Too long'));
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Failed to save food preferences. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Too long')).toBeInTheDocument();
    expect(screen.getByLabelText(/Allergies/)).toHaveAttribute('aria-invalid', 'true');
  });
});
