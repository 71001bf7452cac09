import { lazy, Suspense, useState } from 'react';
import { Button } from '@naav/ui/button';
import { useMe } from './use-me';

const TwoFactorDialog = lazy(() => import('./two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })));
const PasskeysDialog = lazy(() => import('./passkeys-dialog').then((m) => ({ default: m.PasskeysDialog })));

/**
 * In place of every screen while AGENT_2FA=required and the signed-in agent's sign-in has no
 * second factor: two-factor sign-in to turn on or, for an agent without a password (single
 * sign-on only), a passkey to add.
 */
export function TwoFactorRequired() {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const passwordless = me?.hasPassword === false;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-semibold text-ink">
        {passwordless ? 'Add a passkey to continue' : 'Turn on two-factor sign-in to continue'}
      </h1>
      <p className="mt-3 text-muted">
        {passwordless
          ? 'Travel agents see every client’s documents, allergies and plans. You sign in through your organisation, so this app asks for a passkey on your account too: your device’s fingerprint, face or screen lock. It takes a minute.'
          : 'Travel agents see every client’s documents, allergies and plans, so this app asks them for a code from an authenticator app (or a passkey) as well as the password. It takes a minute.'}
      </p>
      <Button className="mt-6" onClick={() => setOpen(true)}>
        {passwordless ? 'Add a passkey' : 'Set up two-factor sign-in'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          {passwordless ? (
            <PasskeysDialog open onClose={() => setOpen(false)} />
          ) : (
            <TwoFactorDialog open onClose={() => setOpen(false)} enabled={false} />
          )}
        </Suspense>
      )}
    </div>
  );
}
