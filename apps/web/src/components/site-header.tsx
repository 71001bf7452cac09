import { Link, useRouterState } from '@tanstack/react-router';
import { isPublicPath } from '../lib/public-paths';
import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from '@naav/ui/button';
import { Icon } from './icon';
import { NavLinks } from './nav-links';
import { NotificationBell } from './notification-bell';
import { useMe } from './use-me';
import { UserMenu } from './user-menu';
import { usePreloadWhenIdle } from '../lib/preload-when-idle';

// The slide-out menu of small screens loads when its button is first pointed at, focused or
// pressed, or once the page is idle: wide screens never open it.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const preloadMobileMenu = () => void loadMobileMenu().catch(() => undefined);

export function SiteHeader() {
  const me = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from its first opening on (its dialog then stays in the page, closed).
  const [menuOpened, setMenuOpened] = useState(false);
  usePreloadWhenIdle(loadMobileMenu);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // A visitor who is not signed in (a share link, the legal pages) gets the logo and Sign in:
  // the navigation and Plan a Trip lead only to screens they cannot open.
  if (!me && isPublicPath(pathname)) return <PlainHeader />;
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        {/* Named by the logo's alt text and the tagline, so what a voice user reads is part of the name. */}
        <Link to="/" className="flex min-h-11 shrink-0 items-center gap-3 rounded-md">
          <img src="/images/logo.svg" alt="Naav home" width={120} height={32} className="h-8 w-auto" />
          <span className="hidden border-l border-gray-200 pl-3 text-xs leading-tight text-muted md:block">
            Navigation Assistant for
            <br />
            Aspirations &amp; Voyages
          </span>
        </Link>
        <img
          src="/images/partner.svg"
          alt="Powered by Voyager Collective"
          width={140}
          height={32}
          className="ml-4 hidden h-7 w-auto lg:block"
        />
        <div className="ml-auto flex items-center gap-2">
          <Link to="/my-trips" className={`${buttonClasses('primary', 'sm')} whitespace-nowrap max-sm:hidden`}>
            Plan a Trip
          </Link>
          {me ? <NotificationBell userId={me.id} /> : null}
          {me ? (
            <UserMenu me={me} />
          ) : (
            <Link to="/sign-in" className={`${buttonClasses('secondary', 'sm')} whitespace-nowrap`}>
              Sign in
            </Link>
          )}
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-brand-50 xl:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuOpened(true);
              setMenuOpen(true);
            }}
            onPointerEnter={preloadMobileMenu}
            onFocus={preloadMobileMenu}
          >
            <Icon name="menu" className="size-6" />
          </button>
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t border-gray-100 xl:block">
        <div className="mx-auto max-w-7xl px-2 py-1.5">
          <NavLinks orientation="horizontal" />
        </div>
      </nav>
      {menuOpened ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}

function PlainHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" className="flex min-h-11 shrink-0 items-center gap-3 rounded-md">
          <img src="/images/logo.svg" alt="Naav home" width={120} height={32} className="h-8 w-auto" />
        </Link>
        <div className="ml-auto">
          <Link to="/sign-in" className={`${buttonClasses('secondary', 'sm')} min-h-11 whitespace-nowrap`}>
            Sign in
          </Link>
        </div>
      </div>
    </header>
  );
}
