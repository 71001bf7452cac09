import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeasonalIdeas } from './seasonal-ideas';

// The four cards name seasons and months only (March to May is Spring), no place: the
// northern hemisphere's seasons are the only ones the cards can mean.
describe('Seasonal Ideas', () => {
  afterEach(() => vi.useRealTimers());

  const nowCard = (today: Date) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(today);
    const { unmount } = render(<SeasonalIdeas ideas={[]} renderCard={() => null} onPickCategory={() => undefined} />);
    const marked = screen.getAllByRole('heading', { level: 3, name: /Now$/ }).map((h) => h.textContent);
    unmount();
    return marked;
  };

  it.each([
    [new Date(2026, 2, 1, 9), 'Spring'],
    [new Date(2026, 4, 31, 21), 'Spring'],
    [new Date(2026, 5, 1, 9), 'Summer'],
    [new Date(2026, 7, 31, 21), 'Summer'],
    [new Date(2026, 8, 1, 9), 'Autumn'],
    [new Date(2026, 10, 25, 12), 'Autumn'],
    [new Date(2026, 11, 1, 9), 'Winter'],
    [new Date(2027, 0, 15, 12), 'Winter'],
    [new Date(2027, 1, 28, 21), 'Winter'],
  ])('on %s marks %s, and only it, as Now', (today, season) => {
    expect(nowCard(today)).toEqual([`${season}Now`]);
  });
});
