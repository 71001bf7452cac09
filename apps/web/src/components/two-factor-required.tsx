import { lazy, Suspense, useState } from 'react';
import { Button } from '@naav/ui/button';

const TwoFactorDialog = lazy(() => import('./two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })));

/** In place of every screen while AGENT_2FA=required and the signed-in agent has not turned two-factor sign-in on. */
export function TwoFactorRequired() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-semibold text-ink">Turn on two-factor sign-in to continue</h1>
      <p className="mt-3 text-muted">
        Travel agents see every client’s documents, allergies and plans, so this app asks them for a code from an
        authenticator app as well as the password. It takes a minute.
      </p>
      <Button className="mt-6" onClick={() => setOpen(true)}>
        Set up two-factor sign-in
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TwoFactorDialog open onClose={() => setOpen(false)} enabled={false} />
        </Suspense>
      )}
    </div>
  );
}
