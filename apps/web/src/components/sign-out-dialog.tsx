import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';

/** Asks before signing out while changes made offline wait to be sent: send them, discard them, or stay. */
export function SignOutDialog({
  waiting,
  online,
  busy,
  onStay,
  onClose,
  onFinish,
}: {
  waiting: number;
  online: boolean;
  busy: boolean;
  onStay: () => void;
  onClose: () => void;
  onFinish: (sendFirst: boolean) => void;
}) {
  const changes = waiting === 1 ? '1 change' : `${waiting} changes`;
  return (
    <Dialog
      open={waiting > 0}
      onClose={onClose}
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
          <Button variant="secondary" onClick={onStay} disabled={busy}>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={() => onFinish(false)} disabled={busy}>
            Discard and sign out
          </Button>
          {online ? (
            <Button onClick={() => onFinish(true)} disabled={busy}>
              {busy ? 'Sending…' : 'Send and sign out'}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
