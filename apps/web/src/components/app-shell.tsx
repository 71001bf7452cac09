import { lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import { OfflineBanner } from './offline-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SyncProblems } from './sync-problems';
import { useMe } from './use-me';
import { VerifyEmailBanner } from './verify-email-banner';

// Following "#main" alone would only scroll (and the router would see a new URL): the skip
// link moves keyboard focus into the main area itself.
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
}

// Only for an agent who must turn two-factor sign-in on: it loads when drawn.
const TwoFactorRequired = lazy(() => import('./two-factor-required').then((m) => ({ default: m.TwoFactorRequired })));

/** The shared layout: sticky header, main area, footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const me = useMe();
  return (
    <div className="flex min-h-screen flex-col">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main; the click handler only moves focus there without changing the URL */}
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <OfflineBanner />
      <SyncProblems />
      <VerifyEmailBanner />
      {/* At least a screen tall: the footer starts below the fold, so a screen growing as its data
          arrives pushes it down out of sight instead of shifting it across the viewport. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        {me?.twoFactorRequired ? (
          <Suspense fallback={null}>
            <TwoFactorRequired />
          </Suspense>
        ) : (
          children
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
