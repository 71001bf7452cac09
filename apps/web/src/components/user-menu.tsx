import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { usePreloadWhenIdle } from '../lib/preload-when-idle';
import type { Me } from './use-me';

// The menu's items, keyboard handling and dialogs: loaded when the avatar is first pointed at,
// focused or opened, or once the page is idle (the header is on every page; most visits never open it).
const loadMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadMenu().then((m) => ({ default: m.AccountMenu })));
const preload = () => void loadMenu().catch(() => undefined);

/**
 * The avatar with the user's initials; its menu (account-menu.tsx) shows who is signed in, opens
 * the account's panels and signs out. Written without a component library because it is on every
 * page. It follows the WAI-ARIA menu button pattern: focus sits on the menu, the active item is
 * its aria-activedescendant, arrows move, Enter or Space runs, Escape and Tab close.
 */
export function UserMenu({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on: a dialog opened from the menu outlives the menu.
  const [opened, setOpened] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = `${useId()}-menu`;
  usePreloadWhenIdle(loadMenu);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  /** Opens on an item: 0 the first, -1 the last. */
  const openMenu = (index: number) => {
    setActive(index);
    setOpen(true);
    setOpened(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 0 : -1);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="flex size-11 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white hover:bg-brand-700"
        // The name starts with the visible initials, so voice control users can say them (WCAG 2.5.3).
        aria-label={`${me.initials}, Account menu for ${me.name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu(0))}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {me.initials}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <AccountMenu {...{ me, open, setOpen, active, setActive, close, rootRef, buttonRef, menuId }} />
        </Suspense>
      ) : null}
    </div>
  );
}
