import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { buttonClasses } from '@naav/ui/button';
import { Icon } from './icon';
import { NavLinks } from './nav-links';

const focusable = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The slide-out navigation for small screens: a native modal <dialog>, so the page behind
 * is inert and Escape closes it, without a dialog library in every page's first download.
 * Tab wraps around inside the panel; closing returns focus to what opened it.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // Escape: keep React's state the one source of truth about whether the menu is open.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-xs flex-col overflow-y-auto border-0 bg-surface p-4 text-ink shadow-xl open:flex backdrop:bg-ink/40 xl:hidden"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          Menu
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-brand-50"
          aria-label="Close menu"
        >
          <Icon name="close" />
        </button>
      </div>
      <nav aria-label="Main">
        <NavLinks orientation="vertical" onNavigate={onClose} />
      </nav>
      <Link to="/my-trips" onClick={onClose} className={`${buttonClasses('primary', 'md')} mt-6`}>
        Plan a Trip
      </Link>
    </dialog>
  );
}
