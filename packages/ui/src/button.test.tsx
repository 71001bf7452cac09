import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClasses } from './button.tsx';

describe('Button', () => {
  it('is a native button that does not submit forms unless asked to', () => {
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('forwards the ref and native props', () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <Button ref={ref} disabled aria-describedby="hint" onClick={onClick}>
        Book
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Book' });
    expect(ref.current).toBe(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-describedby', 'hint');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('lets a link look like a button of any variant', () => {
    render(
      <a href="/trips/new" className={buttonClasses('secondary', 'sm')}>
        Plan a trip
      </a>,
    );
    const link = screen.getByRole('link', { name: 'Plan a trip' });
    expect(link.className).toBe(buttonClasses('secondary', 'sm'));
    expect(buttonClasses('secondary', 'sm')).not.toBe(buttonClasses('danger', 'md'));
    expect(buttonClasses()).toContain('focus-visible:outline');
  });

  it('is a 44 px tap target on a phone at every size; sm is denser only from the small breakpoint up', () => {
    for (const size of ['sm', 'md'] as const) {
      const classes = buttonClasses('ghost', size).split(' ');
      expect(classes).toContain('min-h-11');
    }
    const small = buttonClasses('ghost', 'sm').split(' ');
    expect(small).toContain('min-w-11');
    expect(small).toContain('sm:min-h-9');
  });
});
