import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, ToastProvider, useToast, type ToastOptions } from './toast.tsx';

function Trigger({ label, options }: { label: string; options: ToastOptions }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(options)}>
      {label}
    </button>
  );
}

function DismissAll() {
  const { dismiss } = useToast();
  return (
    <button type="button" onClick={dismiss}>
      Dismiss all
    </button>
  );
}

function renderWithProvider() {
  return render(
    <ToastProvider>
      <Trigger label="Save" options={{ title: 'Trip saved', description: 'Lisbon is in your trips.' }} />
      <Trigger label="Fail" options={{ title: 'Could not save', tone: 'destructive' }} />
      <DismissAll />
    </ToastProvider>,
  );
}

/** Presses a trigger; sonner puts the toast on the page on the next tick. */
function press(button: HTMLElement) {
  fireEvent.click(button);
  act(() => vi.advanceTimersByTime(0));
}

function show(label: string) {
  press(screen.getByRole('button', { name: label }));
}

function drag(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { pointerId: 1, button: 0, clientX: 100, clientY: 20 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 100 + distance, clientY: 20 });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: 100 + distance, clientY: 20 });
}

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exposes the spec constants', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('shows a polite status inside the labelled notifications region', () => {
    renderWithProvider();
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    show('Save');
    const toast = screen.getByRole('status');
    expect(region).toContainElement(toast);
    expect(toast).toHaveAttribute('aria-live', 'polite');
    expect(toast).toHaveTextContent('Trip saved');
    expect(toast).toHaveTextContent('Lisbon is in your trips.');
  });

  it('shows only one toast at a time: a new one replaces the current one', () => {
    renderWithProvider();
    show('Save');
    show('Fail');
    expect(screen.queryByText('Trip saved')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(1);
  });

  it('closes by itself after 5000 ms', () => {
    renderWithProvider();
    show('Save');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('Trip saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Trip saved')).not.toBeInTheDocument();
  });

  it('restarts the 5000 ms for a toast that replaces another', () => {
    renderWithProvider();
    show('Save');
    act(() => vi.advanceTimersByTime(4000));
    show('Fail');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not close while hovered, and resumes with the time that was left', () => {
    renderWithProvider();
    show('Save');
    const toast = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.pointerEnter(toast, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(10_000));
    expect(toast).toBeInTheDocument();
    fireEvent.pointerLeave(toast, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(1999));
    expect(toast).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(toast).not.toBeInTheDocument();
  });

  it('F8 moves keyboard focus to the notifications region, which pauses the timer', () => {
    renderWithProvider();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    press(save);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Trip saved')).toBeInTheDocument();
  });

  it('closing a focused toast returns focus to where it was before F8', () => {
    renderWithProvider();
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    press(save);
    fireEvent.keyDown(save, { key: 'F8' });
    const close = screen.getByRole('button', { name: 'Close' });
    act(() => close.focus());
    fireEvent.click(close);
    expect(screen.queryByText('Trip saved')).not.toBeInTheDocument();
    expect(save).toHaveFocus();
  });

  it('closes with the Close button, with Escape inside the region, and with dismiss()', () => {
    renderWithProvider();
    show('Save');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    show('Save');
    fireEvent.keyDown(screen.getByRole('status'), { key: 'Escape' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    show('Save');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a drag of more than 50 px to the right dismisses it', () => {
    renderWithProvider();
    show('Save');
    drag(screen.getByRole('status'), 60);
    expect(screen.queryByText('Trip saved')).not.toBeInTheDocument();
  });

  it('a drag of 30 px (or to the left) does not dismiss it', () => {
    renderWithProvider();
    show('Save');
    const toast = screen.getByRole('status');
    drag(toast, 30);
    expect(toast).toBeInTheDocument();
    drag(toast, -120);
    expect(toast).toBeInTheDocument();
    expect(toast.style.transform).toBe('');
  });

  it('a toast with an action stays until used, and its button runs the action and closes it', () => {
    const reload = vi.fn();
    render(
      <ToastProvider>
        <Trigger
          label="Update"
          options={{ title: 'A new version is ready', action: { label: 'Reload', onClick: reload } }}
        />
      </ToastProvider>,
    );
    show('Update');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('A new version is ready')).not.toBeInTheDocument();
  });

  it('useToast() outside a provider fails loudly', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger label="x" options={{ title: 'x' }} />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});

/** A page with a toast trigger and a dialog that raises toasts of its own. */
function DialogPage() {
  const [open, setOpen] = useState(false);
  return (
    <ToastProvider>
      <Trigger label="Save" options={{ title: 'Trip saved' }} />
      <button type="button" onClick={() => setOpen(true)}>
        Add event
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Add Event">
        <Trigger label="Fail" options={{ title: 'Could not save', tone: 'destructive' }} />
      </Dialog>
    </ToastProvider>
  );
}

describe('a dialog that opens', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes the toast left from before it (it would cover the dialog’s buttons), and keeps the ones it raises', () => {
    render(<DialogPage />);
    show('Save');
    expect(screen.getByText('Trip saved')).toBeInTheDocument();
    press(screen.getByRole('button', { name: 'Add event' }));
    expect(screen.queryByText('Trip saved')).not.toBeInTheDocument();
    press(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
  });
});
