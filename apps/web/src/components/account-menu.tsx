import { isTravelTeam, roleLabels } from '@naav/schemas/role-names';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Me } from './use-me';
import type { PlannerSearch } from '../routes/travel-planner/-components/planner-search';
import { Icon, type IconName } from './icon';
import { useSignOut } from './sign-out';

// Loaded when first opened: the menu is on every page and most visits never open it.
const SessionsDialog = lazy(() => import('./sessions-dialog').then((m) => ({ default: m.SessionsDialog })));
const PasskeysDialog = lazy(() => import('./passkeys-dialog').then((m) => ({ default: m.PasskeysDialog })));
const WebhooksDialog = lazy(() => import('./webhooks-dialog').then((m) => ({ default: m.WebhooksDialog })));
const ApiTokensDialog = lazy(() => import('./api-tokens-dialog').then((m) => ({ default: m.ApiTokensDialog })));
// Opened rarely: its dialog and QR code library stay out of every page's first download.
const TwoFactorDialog = lazy(() => import('./two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })));
const ExportDataDialog = lazy(() => import('./export-data-dialog').then((m) => ({ default: m.ExportDataDialog })));
const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })),
);

interface MenuAction {
  id: string;
  label: string;
  icon: IconName;
  run: () => void;
  /** A page of the travel planner (out of the main navigation): the item is a real link there. */
  planner?: PlannerSearch;
  /** A page of its own out of the main navigation: the item is a real link there. */
  page?: '/notification-settings';
}

/** The travel planner, which the main navigation leaves out: travellers' proposals, agents' clients. */
const plannerEntries = {
  client: [{ key: 'trip-proposals', label: 'Trip Proposals', icon: 'route', search: { tab: 'proposals' } }],
  agent: [
    { key: 'client-proposals', label: 'Client Proposals', icon: 'route', search: { view: 'agent', tab: 'proposals' } },
    { key: 'client-management', label: 'Client Management', icon: 'users', search: { view: 'agent', tab: 'clients' } },
  ],
} as const satisfies Record<
  'client' | 'agent',
  readonly { key: string; label: string; icon: IconName; search: PlannerSearch }[]
>;

interface AccountMenuProps {
  me: Me;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The active item; -1 is the last one (the menu opened with ArrowUp). */
  active: number;
  setActive: (index: number) => void;
  close: (returnFocus: boolean) => void;
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  menuId: string;
}

/**
 * The account menu of the avatar button (user-menu.tsx, which loads this when the avatar is first
 * pointed at, focused or opened, or once the page is idle): who is signed in, the account's
 * panels, sign-out. Focus sits on the menu, the active item is its aria-activedescendant.
 */
export function AccountMenu({
  me,
  open,
  setOpen,
  active: asked,
  setActive,
  close,
  rootRef,
  buttonRef,
  menuId,
}: AccountMenuProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  const [sessionsLoaded, setSessionsLoaded] = useState(false);
  const [passkeysOpen, setPasskeysOpen] = useState(false);
  const [tokensOpen, setTokensOpen] = useState(false);
  const [webhooksOpen, setWebhooksOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  const actions: MenuAction[] = [
    ...plannerEntries[isTravelTeam(me.role) ? 'agent' : 'client'].map((entry) => ({
      id: `${baseId}-${entry.key}`,
      label: entry.label,
      icon: entry.icon,
      planner: entry.search,
      run: () => void navigate({ to: '/travel-planner', search: entry.search }),
    })),
    ...(me.role === 'admin'
      ? [{ id: `${baseId}-admin`, label: 'Admin', icon: 'shield' as const, run: () => void navigate({ to: '/admin' }) }]
      : []),
    {
      id: `${baseId}-notifications`,
      label: 'Notification settings',
      icon: 'bell',
      page: '/notification-settings',
      run: () => void navigate({ to: '/notification-settings' }),
    },
    {
      id: `${baseId}-sessions`,
      label: 'Sessions',
      icon: 'monitor',
      run: () => {
        setSessionsLoaded(true);
        setSessionsOpen(true);
      },
    },
    {
      id: `${baseId}-passkeys`,
      label: 'Passkeys',
      icon: 'shield',
      run: () => setPasskeysOpen(true),
    },
    {
      id: `${baseId}-api-tokens`,
      label: 'API tokens',
      icon: 'key',
      run: () => setTokensOpen(true),
    },
    {
      id: `${baseId}-webhooks`,
      label: 'Webhooks',
      icon: 'bell',
      run: () => setWebhooksOpen(true),
    },
    {
      id: `${baseId}-two-factor`,
      label: me.twoFactorEnabled ? 'Two-factor sign-in: on' : 'Two-factor sign-in',
      icon: 'shield',
      run: () => setTwoFactorOpen(true),
    },
    {
      id: `${baseId}-export`,
      label: 'Export my data',
      icon: 'download',
      run: () => setExportOpen(true),
    },
    {
      id: `${baseId}-delete-account`,
      label: 'Delete my account',
      icon: 'trash',
      run: () => setDeleteOpen(true),
    },
    {
      id: `${baseId}-sign-out`,
      label: 'Sign out',
      icon: 'logout',
      // Deletes every offline copy too; asks first when changes made offline wait to be sent.
      run: signOut.start,
    },
  ];

  useEffect(() => {
    if (!open) return;
    menuRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, rootRef, setOpen]);

  const last = actions.length - 1;
  const active = asked < 0 ? last : Math.min(asked, last);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const targets: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target !== undefined) {
      event.preventDefault();
      setActive(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      close(true);
      actions[active]?.run();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <>
      {open && (
        // Rendered in place (not portalled) so it stays inside the header landmark.
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={`Account menu for ${me.name}`}
          aria-activedescendant={actions[active]?.id}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 top-full z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-surface p-2 shadow-lg focus:outline-none"
        >
          <div className="px-3 py-2" role="none">
            <p className="font-medium text-ink">{me.name}</p>
            <p className="truncate text-sm text-muted">{me.email}</p>
            <p className="mt-1 text-xs font-medium uppercase tracking-wide text-brand-700">{roleLabels[me.role]}</p>
          </div>
          {actions.map((action, index) => {
            const itemProps = {
              id: action.id,
              role: 'menuitem',
              tabIndex: -1,
              'data-active': index === active ? '' : undefined,
              onPointerMove: () => setActive(index),
              className:
                'flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-ink data-active:bg-brand-50 data-active:outline-2 data-active:-outline-offset-2 data-active:outline-brand-600',
            };
            const content = (
              <>
                <Icon name={action.icon} className="size-4" />
                {action.label}
              </>
            );
            // A link (it opens in a new tab too) that the router follows; the menu closes behind it.
            return action.planner ? (
              <Link
                key={action.id}
                {...itemProps}
                to="/travel-planner"
                search={action.planner}
                onClick={() => close(true)}
              >
                {content}
              </Link>
            ) : action.page ? (
              <Link key={action.id} {...itemProps} to={action.page} onClick={() => close(true)}>
                {content}
              </Link>
            ) : (
              <button
                key={action.id}
                type="button"
                {...itemProps}
                onClick={() => {
                  close(true);
                  action.run();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
      {sessionsLoaded ? (
        <Suspense fallback={null}>
          <SessionsDialog
            open={sessionsOpen}
            onClose={() => {
              setSessionsOpen(false);
              // The menu item that opened it is gone: focus goes back to the avatar, once the
              // closing dialog has stopped keeping the page inert (an inert button takes no focus).
              const refocus = () => {
                const button = buttonRef.current;
                if (button?.closest('[inert]')) requestAnimationFrame(refocus);
                else button?.focus();
              };
              refocus();
            }}
          />
        </Suspense>
      ) : null}
      {passkeysOpen && (
        <Suspense fallback={null}>
          <PasskeysDialog
            open
            onClose={() => {
              setPasskeysOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
      {tokensOpen && (
        <Suspense fallback={null}>
          <ApiTokensDialog
            open
            onClose={() => {
              setTokensOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
      {webhooksOpen && (
        <Suspense fallback={null}>
          <WebhooksDialog
            open
            onClose={() => {
              setWebhooksOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
      {signOut.dialog}
      {twoFactorOpen && (
        <Suspense fallback={null}>
          <TwoFactorDialog open onClose={() => setTwoFactorOpen(false)} enabled={me.twoFactorEnabled} />
        </Suspense>
      )}
      {exportOpen && (
        <Suspense fallback={null}>
          <ExportDataDialog open onClose={() => setExportOpen(false)} />
        </Suspense>
      )}
      {deleteOpen && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open onClose={() => setDeleteOpen(false)} twoFactorEnabled={me.twoFactorEnabled} />
        </Suspense>
      )}
    </>
  );
}
