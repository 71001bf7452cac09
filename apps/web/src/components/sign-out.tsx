import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { deleteOfflineData } from '../lib/offline-cache';
import { writeNameOf } from '../lib/offline-writes';
import { rememberPendingSignOut, signOut } from '../lib/session';
import { useOnline } from '../lib/use-online';

/** Changes made without a network that wait to be sent (paused mutations, and queued writes still being tried). */
const pausedWrites = (queryClient: QueryClient) =>
  queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => mutation.state.isPaused || (writeNameOf(mutation) !== null && mutation.state.status === 'pending')).length;

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

  const changes = waiting === 1 ? '1 change' : `${waiting} changes`;
  const dialog = (
    <Dialog
      open={waiting > 0}
      onClose={() => (busy ? undefined : setWaiting(0))}
      title="Send your changes first?"
      description={
        online
          ? `${changes} made without a connection ${waiting === 1 ? 'has' : 'have'} not been sent yet. Signing out deletes everything saved on this device.`
          : `${changes} made without a connection ${waiting === 1 ? 'has' : 'have'} not been sent yet, and there is no connection now: signing out deletes ${waiting === 1 ? 'it' : 'them'} with everything saved on this device.`
      }
      size="sm"
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" onClick={() => setWaiting(0)} disabled={busy}>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={() => void finish(false)} disabled={busy}>
            Discard and sign out
          </Button>
          {online ? (
            <Button onClick={() => void finish(true)} disabled={busy}>
              {busy ? 'Sending…' : 'Send and sign out'}
            </Button>
          ) : null}
        </>
      }
    />
  );
  return { start, dialog };
}
