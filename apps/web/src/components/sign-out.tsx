import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { deleteOfflineData } from '../lib/offline-cache';
import { writeNameOf } from '../lib/offline-writes';
import { rememberPendingSignOut, signOut } from '../lib/session';
import { useOnline } from '../lib/use-online';

const SignOutDialog = lazy(() => import('./sign-out-dialog').then((m) => ({ default: m.SignOutDialog })));

/** Changes made without a network that wait to be sent (paused mutations, and queued writes still being tried). */
const pausedWrites = (queryClient: QueryClient) =>
  queryClient
    .getMutationCache()
    .getAll()
    .filter(
      (mutation) => mutation.state.isPaused || (writeNameOf(mutation) !== null && mutation.state.status === 'pending'),
    ).length;

/**
 * Ends the session on the server and deletes every offline copy on this device. Without a
 * network the copies go at once and the server is told on the next visit with one
 * (`sendPendingSignOut`), so the session does not outlive the traveller's choice.
 */
async function signOutHere(queryClient: QueryClient) {
  const told = await signOut().then(
    () => true,
    () => false,
  );
  await deleteOfflineData(queryClient);
  rememberPendingSignOut(!told);
}

/**
 * Sign-out for the account menu: asks first when changes made offline have not been sent yet
 * (send them, when online, or discard them), then signs out and goes to sign-in.
 */
export function useSignOut(): { start: () => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const [waiting, setWaiting] = useState(0);
  const [busy, setBusy] = useState(false);
  // The dialog (and the dialog library) loads the first time there is something to ask.
  const [asked, setAsked] = useState(false);

  const finish = async (sendFirst: boolean) => {
    setBusy(true);
    try {
      if (sendFirst) await queryClient.resumePausedMutations().catch(() => undefined);
      await signOutHere(queryClient);
    } finally {
      setBusy(false);
      setWaiting(0);
    }
    await navigate({ to: '/sign-in' });
  };

  const start = () => {
    const count = pausedWrites(queryClient);
    if (count > 0) setWaiting(count);
    else void finish(false);
  };

  if (waiting > 0 && !asked) setAsked(true);
  const dialog = asked ? (
    <Suspense fallback={null}>
      <SignOutDialog
        waiting={waiting}
        online={online}
        busy={busy}
        onStay={() => setWaiting(0)}
        onClose={() => (busy ? undefined : setWaiting(0))}
        onFinish={(sendFirst) => void finish(sendFirst)}
      />
    </Suspense>
  ) : null;
  return { start, dialog };
}
