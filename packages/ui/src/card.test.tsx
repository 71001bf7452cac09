import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card.tsx';

describe('Card', () => {
  it('renders the element asked for, keeping native attributes', () => {
    render(
      <Card as="section" aria-labelledby="present" className="p-5">
        <h2 id="present">Present</h2>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Present' });
    expect(region.tagName).toBe('SECTION');
    expect(region).toHaveClass('p-5', 'bg-surface');
  });
});
