import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('shows a heading, the description and the action, with the icon hidden from screen readers', () => {
    const { container } = render(
      <EmptyState
        icon={<svg data-testid="icon" />}
        title="No Current Trip"
        description="Plan your next getaway."
        action={<Button>Plan a trip</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No Current Trip' })).toBeInTheDocument();
    expect(screen.getByText('Plan your next getaway.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plan a trip' })).toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).toContainElement(screen.getByTestId('icon'));
  });

  it('can use another heading level', () => {
    render(<EmptyState title="No bookings yet" titleAs="h3" />);
    expect(screen.getByRole('heading', { level: 3, name: 'No bookings yet' })).toBeInTheDocument();
  });
});
