import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { resendVerification } from '../lib/session';
import { useMe } from './use-me';

/** Asks a signed-in user whose address is unconfirmed to confirm it, with a button to mail the link again. */
export function VerifyEmailBanner() {
  const me = useMe();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  if (!me || me.emailVerified) return null;

  const resend = async () => {
    setBusy(true);
    try {
      await resendVerification(me.email);
      toast({ title: 'Link sent', description: `We sent a new link to ${me.email}.`, tone: 'success' });
    } catch (error) {
      toast({
        title: 'The link could not be sent',
        description: error instanceof Error ? error.message : undefined,
        tone: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Confirm your e-mail address" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between">
        <p>
          <strong className="font-semibold">Please confirm your e-mail address.</strong> We sent a link to{' '}
          <span className="break-all">{me.email}</span>; until you open it, nobody can share trips with you.
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start sm:self-auto"
          disabled={busy}
          onClick={() => void resend()}
        >
          {busy ? 'Sending…' : 'Resend link'}
        </Button>
      </div>
    </section>
  );
}
