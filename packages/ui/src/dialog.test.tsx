import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/** A dialog over a page with a button outside it. */
function TrapPage() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">Outside</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Edit" footer={<Button>Save</Button>}>
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

function renderDialog(onClose = vi.fn()) {
  render(
    <Dialog
      open
      onClose={onClose}
      title="Delete trip"
      description="This cannot be undone."
      footer={<Button variant="danger">Delete</Button>}
    >
      <p>Lisbon, 12–19 May</p>
    </Dialog>,
  );
  return onClose;
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Delete trip' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toHaveTextContent('Lisbon, 12–19 May');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('calls onClose when Escape is pressed', async () => {
    const onClose = renderDialog();
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose from the Close button', async () => {
    const onClose = renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab focus inside the dialog', async () => {
    const user = userEvent.setup();
    render(<TrapPage />);
    await screen.findByRole('dialog');
    const outside = screen.getByRole('button', { name: 'Outside', hidden: true });
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(outside).not.toHaveFocus();
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('renders nothing while closed', () => {
    render(
      <Dialog open={false} onClose={() => {}} title="Hidden">
        body
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
