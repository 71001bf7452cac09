import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { appCodeInput, twoFactorPasswordInput } from '@naav/schemas/auth';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { listPasskeys } from '../lib/passkeys';
import {
  appCodeField,
  confirmTwoFactor,
  digitsOnly,
  disableTwoFactor,
  enablePasskeyFactor,
  startTwoFactor,
} from '../lib/session';
import { useTRPC } from '../lib/trpc';
import { useSubmit } from '../lib/use-submit';
import { schemaValidator, submitWith, useAppForm } from './form';
import { FormError } from './form-controls';
import { useMe } from './use-me';

type Step = { name: 'password' } | { name: 'scan'; uri: string; codes: string[] } | { name: 'codes'; codes: string[] };

/** The key inside an otpauth:// URI, in groups of four for typing into an app by hand. */
function secretOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The QR code of the set-up URI as an image (the qrcode library is loaded only here). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(uri, { margin: 1, width: 208, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [uri]);
  if (src === null)
    return <div className="size-52 animate-pulse rounded-lg bg-canvas" aria-label="Loading the QR code" role="img" />;
  if (src === '')
    return (
      <p className="text-sm text-danger-600">
        The QR code could not be drawn: type the key below into your app instead.
      </p>
    );
  return (
    <img
      src={src}
      width={208}
      height={208}
      alt="QR code to scan with your authenticator app"
      className="size-52 rounded-lg border border-slate-200"
    />
  );
}

/** The recovery codes, shown once, with Copy and Download. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { toast } = useToast();
  const text = `Naav recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied', tone: 'success' });
    } catch {
      toast({ title: 'Could not copy: select the codes or download them instead', tone: 'destructive' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'naav-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-canvas p-3 font-mono text-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          Download
        </Button>
      </div>
    </div>
  );
}

/** The second factor to turn on: an authenticator app's codes, or the account's passkeys. */
type Factor = 'app' | 'passkey';

/** Which second factor to use, offered when the account has a passkey. */
function FactorChoice({
  value,
  onChange,
  passkeys,
}: {
  value: Factor;
  onChange: (f: Factor) => void;
  passkeys: number;
}) {
  const option = (factor: Factor, label: string, hint: string) => (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600">
      <input
        type="radio"
        name="second-factor"
        className="mt-1 size-4"
        checked={value === factor}
        onChange={() => onChange(factor)}
      />
      <span>
        <span className="block font-medium text-ink">{label}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-ink">After your password, ask for</legend>
      {option(
        'app',
        'A code from an authenticator app',
        'On your phone, such as 1Password, Google Authenticator or Aegis.',
      )}
      {option(
        'passkey',
        'A passkey',
        `Your fingerprint, face or screen lock (you have ${passkeys === 1 ? 'one passkey' : `${passkeys} passkeys`}).`,
      )}
    </fieldset>
  );
}

/**
 * Two-factor sign-in from the account menu: with it off, the password starts the set-up
 * (QR code and key for an authenticator app, confirmed with a code, then the recovery codes
 * shown once; or, for an account with a passkey, the passkey as the factor at once); with it
 * on, the password turns it off. An account without a password is told to use a passkey.
 */
export function TwoFactorDialog({ open, onClose, enabled }: { open: boolean; onClose: () => void; enabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [factor, setFactor] = useState<Factor>('app');
  const { busy, error, setError, run } = useSubmit('Something went wrong');
  const me = useMe();
  const passkeys = useQuery({ queryKey: ['auth', 'passkeys'], queryFn: listPasskeys, enabled: open && !enabled });
  const passkeyCount = passkeys.data?.length ?? 0;

  const passwordForm = useAppForm({
    defaultValues: { password: '' },
    validators: {
      onSubmit: schemaValidator(twoFactorPasswordInput, (values: { password: string }) => values, {
        password: 'Enter your password',
      }),
    },
    onSubmit: ({ value }) =>
      run(async () => {
        if (enabled) {
          await disableTwoFactor(value.password);
          await refreshMe();
          toast({ title: 'Two-factor sign-in is off', tone: 'success' });
          close();
          return;
        }
        if (factor === 'passkey' && passkeyCount > 0) {
          await enablePasskeyFactor(value.password);
          await refreshMe();
          toast({
            title: 'Two-factor sign-in is on',
            description: 'Sign-in now asks for your passkey after the password.',
            tone: 'success',
          });
          close();
          return;
        }
        const started = await startTwoFactor(value.password);
        passwordForm.reset();
        setStep({ name: 'scan', uri: started.totpURI, codes: started.backupCodes });
      }),
  });
  const codeForm = useAppForm({
    defaultValues: { code: '' },
    validators: {
      onSubmit: schemaValidator(appCodeInput, (values: { code: string }) => values, {
        code: 'Enter the code from your app',
      }),
    },
    onSubmit: ({ value }) =>
      run(async () => {
        if (step.name !== 'scan') return;
        await confirmTwoFactor(value.code);
        await refreshMe();
        setStep({ name: 'codes', codes: step.codes });
      }),
  });

  const reset = () => {
    setStep({ name: 'password' });
    setFactor('app');
    passwordForm.reset();
    codeForm.reset();
    setError(null);
  };
  const close = () => {
    // Leaving the set-up before the code confirmed it leaves two-factor sign-in off.
    reset();
    onClose();
  };
  const refreshMe = () => queryClient.invalidateQueries(trpc.me.pathFilter());

  const onPassword = submitWith(passwordForm);
  const onCode = submitWith(codeForm);
  const finish = () => {
    toast({
      title: 'Two-factor sign-in is on',
      description: 'Sign-in now asks for a code from your app.',
      tone: 'success',
    });
    close();
  };

  const alert = <FormError message={error} />;

  // One dialog whose content follows the step, so focus stays inside it from step to step.
  let title = 'Two-factor sign-in';
  let description: string;
  let body: ReactNode;
  let onDismiss = close;
  if (step.name === 'codes') {
    title = 'Save your recovery codes';
    description = 'If you lose your phone, each of these signs you in once instead of a code. They are shown only now.';
    onDismiss = finish;
    body = (
      <>
        <RecoveryCodes codes={step.codes} />
        <div className="mt-6 flex justify-end">
          <Button onClick={finish}>Done</Button>
        </div>
      </>
    );
  } else if (step.name === 'scan') {
    title = 'Scan the QR code';
    description =
      'Use an authenticator app (such as 1Password, Google Authenticator or Aegis), then type the 6-digit code it shows.';
    body = (
      <form onSubmit={onCode} className="space-y-4" noValidate>
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <QrCode uri={step.uri} />
          <div className="min-w-0 text-sm">
            <p className="text-muted">Can’t scan it? Enter this key in the app:</p>
            <p className="mt-1 break-all font-mono text-base text-ink" data-testid="two-factor-key">
              {secretOf(step.uri)}
            </p>
          </div>
        </div>
        <codeForm.AppField name="code">
          {(field) => <field.TextField {...appCodeField} normalize={digitsOnly} />}
        </codeForm.AppField>
        {alert}
        <codeForm.AppForm>
          <codeForm.DialogButtons onCancel={close} busy={busy} label="Turn on" busyLabel="Checking…" />
        </codeForm.AppForm>
      </form>
    );
  } else if (me && !me.hasPassword && !enabled) {
    description =
      'You sign in through your organisation or with a passkey, without a password here: your organisation’s sign-in has its own checks. Add a passkey from the account menu (Passkeys) to sign in with it on this device.';
    body = (
      <div className="flex justify-end">
        <Button onClick={close}>Close</Button>
      </div>
    );
  } else {
    description = enabled
      ? 'It is on: after your password, signing in asks for a code from your authenticator app or for your passkey. Enter your password to turn it off.'
      : passkeyCount > 0
        ? 'Sign-in will also ask for a second factor after the password, so a stolen password is not enough. Choose one, then enter your password.'
        : 'Sign-in will also ask for a code from an authenticator app on your phone, so a stolen password is not enough. Enter your password to start.';
    body = (
      <form onSubmit={onPassword} className="space-y-4" noValidate>
        {!enabled && passkeyCount > 0 ? (
          <FactorChoice value={factor} onChange={setFactor} passkeys={passkeyCount} />
        ) : null}
        <passwordForm.AppField name="password">
          {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" required />}
        </passwordForm.AppField>
        {alert}
        {enabled ? (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Keep it on
            </Button>
            <passwordForm.Subscribe selector={(state) => state.isSubmitting}>
              {(submitting) => (
                <Button type="submit" variant="danger" disabled={busy || submitting}>
                  {busy || submitting ? 'Turning off…' : 'Turn off'}
                </Button>
              )}
            </passwordForm.Subscribe>
          </div>
        ) : (
          <passwordForm.AppForm>
            <passwordForm.DialogButtons onCancel={close} busy={busy} label="Continue" busyLabel="Checking…" />
          </passwordForm.AppForm>
        )}
      </form>
    );
  }
  return (
    <Dialog
      open={open}
      onClose={onDismiss}
      title={title}
      description={description}
      hideCloseButton={step.name === 'codes'}
    >
      {body}
    </Dialog>
  );
}
