import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Me } from './use-me';
import { signOut } from '../lib/session';
import { Icon } from './icon';

/** The avatar with the user's initials; its menu shows who is signed in and signs out. */
export function UserMenu({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onSignOut = async () => {
    await signOut().catch(() => undefined);
    queryClient.clear();
    await navigate({ to: '/sign-in' });
  };
  return (
    <Menu as="div" className="relative">
      <MenuButton
        className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700"
        // The name starts with the visible initials, so voice control users can say them (WCAG 2.5.3).
        aria-label={`${me.initials}, Account menu for ${me.name}`}
      >
        {me.initials}
      </MenuButton>
      {/* Rendered in place (not portalled) so it stays inside the header landmark, and not
          modal, so the page behind is not made inert: a menu needs neither. */}
      <MenuItems
        modal={false}
        className="absolute right-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-surface p-2 shadow-lg focus:outline-none"
      >
        <div className="px-3 py-2">
          <p className="font-medium text-ink">{me.name}</p>
          <p className="truncate text-sm text-muted">{me.email}</p>
          <p className="mt-1 text-xs font-medium uppercase tracking-wide text-brand-700">
            {me.role === 'agent' ? 'Travel agent' : 'Traveller'}
          </p>
        </div>
        <MenuItem>
          <button
            type="button"
            onClick={onSignOut}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-ink data-focus:bg-brand-50 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-600"
          >
            <Icon name="logout" className="size-4" />
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
