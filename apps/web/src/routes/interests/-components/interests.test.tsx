import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterInputs, RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { InterestDialog } from './interest-dialog';
import { profileCompletion, splitTags } from './interest-rules';
import { createInterestInput } from '@naav/schemas/interests';
import { schemaErrors } from '~/components/api-errors';
import { InterestsTab } from './interests-tab';

configure({ asyncUtilTimeout: 5000 });

type Category = RouterOutputs['interests']['categories'][number];
type Interest = RouterOutputs['interests']['profile']['interests'][number];

const categories: Category[] = [
  { id: 1, name: 'Cuisine', description: 'Food', color: '#F97316', iconName: 'utensils', suggestions: ['Street food', 'Fine dining', 'Wine tasting', 'Cooking classes', 'Local markets', 'Seafood'] },
  { id: 6, name: 'Nature', description: 'Outdoors', color: '#22C55E', iconName: 'tree', suggestions: ['National parks', 'Beaches', 'Wildlife safaris', 'Mountains', 'Waterfalls', 'Stargazing'] },
];
const stamp = { createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' };
const interest = (over: Partial<Interest>): Interest => ({
  id: 'i1',
  categoryId: 1,
  categoryName: 'Cuisine',
  name: 'Street food',
  description: null,
  priority: 3,
  ...stamp,
  ...over,
});

describe('profile completion', () => {
  it('counts interests and wishlist items against 8 and shows only while 0 < total < 8', () => {
    expect(profileCompletion(0, 0)).toEqual({ total: 0, percent: 0, show: false });
    expect(profileCompletion(1, 0)).toEqual({ total: 1, percent: 13, show: true });
    expect(profileCompletion(3, 1)).toEqual({ total: 4, percent: 50, show: true });
    expect(profileCompletion(5, 2).show).toBe(true);
    expect(profileCompletion(6, 2)).toEqual({ total: 8, percent: 100, show: false });
    expect(profileCompletion(9, 3).show).toBe(false);
  });
});

describe('interest validation', () => {
  it('needs a category and a name of at least 2 characters (the schema the dialog and the server share)', () => {
    expect(schemaErrors(createInterestInput, { categoryId: 0, name: ' a ' })).toEqual({
      categoryId: 'Please select a category',
      name: 'Name must be at least 2 characters',
    });
    expect(schemaErrors(createInterestInput, { categoryId: 2, name: 'Ok' })).toEqual({});
  });

  it('splits wishlist tags at commas, trimmed, blanks dropped', () => {
    expect(splitTags(' beach, ,family ,')).toEqual(['beach', 'family']);
  });
});

function renderDialog(props: Partial<Parameters<typeof InterestDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithApi(
    <ToastProvider>
      <InterestDialog open onClose={onClose} categories={categories} {...props} />
    </ToastProvider>,
  );
  return onClose;
}

function recordCreate(sent: RouterInputs['interests']['create'][]) {
  server.use(
    trpcMutation('interests.create', (input) => {
      sent.push(input);
      return interest({ ...input, categoryId: Number(input.categoryId), id: 'new', categoryName: 'Nature' });
    }),
  );
}

describe('Add Interest dialog', { timeout: 20_000 }, () => {
  it('shows the validation texts and sends nothing when the category or name is missing', async () => {
    const sent: RouterInputs['interests']['create'][] = [];
    recordCreate(sent);
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Interest' }));
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('reveals the chosen category’s six suggestions; a click fills the name; priority defaults to 3', async () => {
    const sent: RouterInputs['interests']['create'][] = [];
    recordCreate(sent);
    const onClose = renderDialog();
    const user = userEvent.setup();
    expect(screen.queryByText('Popular in Nature')).toBeNull();
    await user.selectOptions(await screen.findByLabelText('Category'), 'Nature');
    const panel = screen.getByRole('list', { name: 'Popular in Nature' });
    expect(within(panel).getAllByRole('button')).toHaveLength(6);
    await user.click(within(panel).getByRole('button', { name: 'Waterfalls' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Waterfalls');
    expect(screen.getByRole('radio', { name: '3 stars – Moderate interest' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '5 stars – Must-have!' }));
    await user.click(screen.getByRole('button', { name: 'Add Interest' }));
    expect(await screen.findByText('Interest added! ✨')).toBeInTheDocument();
    expect(sent).toEqual([{ categoryId: 6, name: 'Waterfalls', description: null, priority: 5 }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('in edit mode starts from the interest and shows no suggestions', async () => {
    renderDialog({ interest: interest({ description: 'Night markets', priority: 4 }) });
    expect(await screen.findByLabelText('Name')).toHaveValue('Street food');
    expect(screen.getByLabelText(/Description/)).toHaveValue('Night markets');
    expect(screen.getByRole('radio', { name: '4 stars – High interest' })).toBeChecked();
    expect(screen.queryByText('Popular in Cuisine')).toBeNull();
  });
});

describe('Interests tab', () => {
  it('groups the cards by category, counts them per category and shows the completion bar', async () => {
    server.use(trpcQuery('interests.profile', { interests: [], wishlist: [] }));
    renderWithApi(
      <ToastProvider>
        <InterestsTab
          interests={[interest({}), interest({ id: 'i2', categoryId: 6, categoryName: 'Nature', name: 'Beaches', description: 'White sand' })]}
          wishlistCount={1}
          categories={categories}
        />
      </ToastProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Cuisine' })).toBeInTheDocument();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Profile Completion' })).toHaveAttribute('aria-valuenow', '38');
    expect(screen.getByText('3 of 8 interests and wishlist items (38%)')).toBeInTheDocument();
    expect(screen.getByText('How we use your interests')).toBeInTheDocument();
  });

  it('offers the first interest when there is none, without a completion bar', async () => {
    renderWithApi(
      <ToastProvider>
        <InterestsTab interests={[]} wishlistCount={0} categories={categories} />
      </ToastProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Start Building Your Interest Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your First Interest' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
