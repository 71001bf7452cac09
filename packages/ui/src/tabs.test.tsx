import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs.tsx';

const tabs: TabItem[] = [
  { key: 'itinerary', label: 'Itinerary', content: <p>Day 1: Alfama</p> },
  { key: 'bookings', label: 'Bookings', content: <p>Hotel Avenida</p> },
  { key: 'companions', label: 'Companions', content: <p>Jamie Morgan</p> },
];

/** Tabs whose selected index lives in the parent, starting on the third. */
function Controlled({ onChange }: { onChange: (index: number) => void }) {
  const [index, setIndex] = useState(2);
  return (
    <Tabs
      tabs={tabs}
      label="Trip sections"
      selectedIndex={index}
      onChange={(next) => {
        onChange(next);
        setIndex(next);
      }}
    />
  );
}

describe('Tabs', () => {
  it('labels the tab list and shows the first panel', () => {
    render(<Tabs tabs={tabs} label="Trip sections" />);
    expect(screen.getByRole('tablist', { name: 'Trip sections' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Itinerary' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Day 1: Alfama');
  });

  it('clicking a tab shows its panel', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Trip sections" />);
    await user.click(screen.getByRole('tab', { name: 'Bookings' }));
    expect(screen.getByRole('tab', { name: 'Bookings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Hotel Avenida');
    expect(screen.queryByText('Day 1: Alfama')).not.toBeInTheDocument();
  });

  it('arrow keys move between tabs and change the panel', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Trip sections" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Itinerary' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bookings' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Hotel Avenida');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Companions' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Jamie Morgan');
  });

  it('works controlled: reports changes and shows the selected index it is given', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Jamie Morgan');
    await user.click(screen.getByRole('tab', { name: 'Itinerary' }));
    expect(onChange).toHaveBeenCalledWith(0);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Day 1: Alfama');
  });
});
