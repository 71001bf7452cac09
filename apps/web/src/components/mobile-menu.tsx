import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { Icon } from './icon';
import { NavLinks } from './nav-links';

/** The slide-out navigation for small screens. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 xl:hidden">
      <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-full max-w-xs flex-col overflow-y-auto bg-surface p-4 shadow-xl">
        <div className="mb-4 flex items-center justify-between">
          <DialogTitle className="text-lg font-semibold text-ink">Menu</DialogTitle>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-2 text-muted hover:bg-brand-50"
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
      </DialogPanel>
    </Dialog>
  );
}
