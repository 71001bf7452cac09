import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Toasts = typeof import('./toast.tsx');

function Trigger({ toasts }: { toasts: Toasts }) {
  const { toast } = toasts.useToast();
  return (
    <button type="button" onClick={() => toast({ title: 'Trip saved' })}>
      Save
    </button>
  );
}

// A fresh copy of the toasts, whose region's code has not loaded yet (the setup file loads the
// shared copy's before every test file), as in the app before it has been idle.
async function freshToasts() {
  vi.resetModules();
  const toasts = await import('./toast.tsx');
  render(
    <toasts.ToastProvider>
      <Trigger toasts={toasts} />
    </toasts.ToastProvider>,
  );
}

describe('the notifications region before its code has loaded', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('is not on the page until needed, and a toast asked for meanwhile shows once it is', async () => {
    await freshToasts();
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Trip saved');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toContainElement(screen.getByRole('status'));
  });

  it('takes focus with F8 once it has loaded, and hands it back when its toast closes', async () => {
    await freshToasts();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(save, { key: 'F8' });
    const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
    await vi.waitFor(() => expect(region).toHaveFocus());
    fireEvent.click(save);
    const close = await screen.findByRole('button', { name: 'Close' });
    act(() => close.focus());
    fireEvent.click(close);
    expect(screen.queryByText('Trip saved')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
  });
});
