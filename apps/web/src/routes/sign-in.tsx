import { isTravelTeam } from '@naav/schemas/role-names';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@naav/ui/button';
import { appCodeInput, recoveryCodeInput, signInInput } from '@naav/schemas/auth';
import { schemaValidator, submitWith, useAppForm } from '../components/form';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { safeRedirect } from '../lib/safe-redirect';
import { appCodeField, digitsOnly, type SecondFactor, signIn, verifySignInCode } from '../lib/session';
import { useTRPC } from '../lib/trpc';
import { useSubmit } from '../lib/use-submit';
import { AuthLayout } from './-components/auth/auth-layout';
import { OtherSignIns, ssoFailure } from './-components/auth/other-sign-ins';
import { signInWithPasskey } from '~/lib/passkeys';
import { searchSchema, textParam } from '~/lib/search-params';

const TwoFactorDialog = lazy(() =>
  import('../components/two-factor-dialog').then((m) => ({ default: m.TwoFactorDialog })),
);

export const Route = createFileRoute('/sign-in')({
  validateSearch: searchSchema({ redirect: textParam, sso: textParam, error: textParam }),
  component: SignInPage,
});

/**
 * Password first; then, for an account with two-factor sign-in, a code or a passkey; then, for an
 * agent without it, a prompt to turn it on.
 */
type Step = 'password' | 'code' | 'agent-prompt';

function SignInPage() {
  usePageTitle('Sign in');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { redirect, sso, error: ssoError } = Route.useSearch();
  const demo = useQuery(trpc.system.demo.queryOptions());
  const [step, setStep] = useState<Step>('password');
  const [codeKind, setCodeKind] = useState<'app' | 'recovery'>('app');
  const [factors, setFactors] = useState<SecondFactor[]>(['totp']);
  const [agentMustSetUp, setAgentMustSetUp] = useState(false);
  const [setUpOpen, setSetUpOpen] = useState(false);
  const { busy, error, setError, run: attempt } = useSubmit('Sign-in failed');

  const proceed = () => navigate({ to: safeRedirect(redirect) });

  /** Signed in: agents without two-factor sign-in are asked to turn it on first (every time, until they do). */
  const signedIn = async () => {
    // Forget what was cached before signing in, except this page's own answer, so the form
    // stays as it is, busy, until the app has loaded and replaced it.
    const demoQuery = hashKey(trpc.system.demo.queryKey());
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== demoQuery });
    const me = await queryClient.fetchQuery(trpc.me.get.queryOptions());
    // An agent without a password (single sign-on, a passkey) has nothing for a second factor to protect.
    if (isTravelTeam(me.role) && !me.twoFactorEnabled && (me.hasPassword || me.twoFactorRequired)) {
      setAgentMustSetUp(me.twoFactorRequired);
      setStep('agent-prompt');
      return;
    }
    await proceed();
  };

  const submitPassword = (credentials: { email: string; password: string }) =>
    attempt(async () => {
      const { twoFactor } = await signIn(credentials.email, credentials.password);
      if (twoFactor) {
        passwordForm.setFieldValue('password', '');
        setFactors(twoFactor);
        setCodeKind('app');
        setStep('code');
        return;
      }
      await signedIn();
    });
  const passwordForm = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: {
      onSubmit: schemaValidator(
        signInInput,
        (values: { email: string; password: string }) => ({ email: values.email.trim(), password: values.password }),
        {
          email: 'Enter your email',
          password: 'Enter your password',
        },
      ),
    },
    onSubmit: ({ value }) => submitPassword({ email: value.email.trim(), password: value.password }),
  });
  const onPassword = submitWith(passwordForm);
  const codeForm = useAppForm({
    defaultValues: { code: '' },
    validators: {
      onSubmit: (check) =>
        codeKind === 'app'
          ? schemaValidator(appCodeInput, (values: { code: string }) => values, {
              code: 'Enter the code from your app',
            })(check)
          : schemaValidator(recoveryCodeInput, (values: { code: string }) => values, { code: 'Enter a recovery code' })(
              check,
            ),
    },
    onSubmit: ({ value }) =>
      attempt(async () => {
        await verifySignInCode(codeKind === 'app' ? value.code : value.code.trim(), codeKind);
        await signedIn();
      }),
  });
  const onCode = submitWith(codeForm);
  const finishWithPasskey = () =>
    attempt(async () => {
      if (await signInWithPasskey({ secondFactor: true })) await signedIn();
    });
  const otherStep = (next: () => void) => {
    next();
    codeForm.reset();
    setError(null);
  };
  const demoAccount = (role: 'client' | 'agent') => demo.data?.accounts.find((a) => a.role === role);
  const alert = <FormError message={error ?? (sso === 'failed' ? ssoFailure(ssoError) : null)} />;

  if (step === 'agent-prompt') {
    return (
      <AuthLayout
        title="Protect your clients’ data"
        subtitle={
          agentMustSetUp
            ? 'Travel agents must use two-factor sign-in here: nothing else opens until it is on.'
            : 'Travel agents see every client’s documents, allergies and plans. Turn on two-factor sign-in so that a stolen password is not enough.'
        }
      >
        <div className="grid gap-2">
          <Button onClick={() => setSetUpOpen(true)}>Set up two-factor sign-in</Button>
          <Button variant="secondary" onClick={() => void proceed()}>
            {agentMustSetUp ? 'Continue' : 'Not now'}
          </Button>
        </div>
        {setUpOpen && (
          <Suspense fallback={null}>
            <TwoFactorDialog
              open
              enabled={false}
              onClose={() => {
                setSetUpOpen(false);
                // On or not, the next screen shows what follows from it.
                void queryClient
                  .fetchQuery(trpc.me.get.queryOptions())
                  .then((me) => (me.twoFactorEnabled ? proceed() : undefined));
              }}
            />
          </Suspense>
        )}
      </AuthLayout>
    );
  }

  if (step === 'code' && !factors.includes('totp')) {
    return (
      <AuthLayout
        title="Confirm with your passkey"
        subtitle="Your password was right. Now use the passkey of this account: your device asks for your fingerprint, face or screen lock."
      >
        <div className="space-y-4">
          {alert}
          <Button className="w-full" disabled={busy} onClick={() => void finishWithPasskey()}>
            {busy ? 'Waiting for your device…' : 'Use a passkey'}
          </Button>
        </div>
        <StartAgain onClick={() => otherStep(() => setStep('password'))} />
      </AuthLayout>
    );
  }

  if (step === 'code') {
    return (
      <AuthLayout
        title="Enter your code"
        subtitle={
          codeKind === 'app'
            ? 'Open your authenticator app and type the 6-digit code it shows for Naav.'
            : 'Type one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
        }
      >
        <form onSubmit={onCode} className="space-y-4" noValidate>
          <codeForm.AppField name="code">
            {(field) =>
              codeKind === 'app' ? (
                <field.TextField key="app" {...appCodeField} autoFocus normalize={digitsOnly} />
              ) : (
                <field.TextField
                  key="recovery"
                  label="Recovery code"
                  autoComplete="off"
                  spellCheck={false}
                  required
                  autoFocus
                />
              )
            }
          </codeForm.AppField>
          {alert}
          <codeForm.AppForm>
            <codeForm.SubmitButton className="w-full" busy={busy} label="Sign in" busyLabel="Checking…" />
          </codeForm.AppForm>
        </form>
        {factors.includes('passkey') ? (
          <div className="mt-6 border-t border-gray-200 pt-6">
            <p className="text-center text-sm text-muted">Or</p>
            <Button
              variant="secondary"
              className="mt-3 w-full"
              disabled={busy}
              onClick={() => void finishWithPasskey()}
            >
              Use a passkey
            </Button>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
            onClick={() => otherStep(() => setCodeKind(codeKind === 'app' ? 'recovery' : 'app'))}
          >
            {codeKind === 'app' ? 'Use a recovery code instead' : 'Use the app’s code instead'}
          </button>
          <StartAgain onClick={() => otherStep(() => setStep('password'))} inline />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to see your trips, plans and journal.">
      <form onSubmit={onPassword} className="space-y-4" noValidate>
        <passwordForm.AppField name="email">
          {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
        </passwordForm.AppField>
        <passwordForm.AppField name="password">
          {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" required />}
        </passwordForm.AppField>
        <p className="-mt-3 text-right text-sm">
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        {alert}
        <passwordForm.AppForm>
          <passwordForm.SubmitButton className="w-full" busy={busy} label="Sign in" busyLabel="Signing in…" />
        </passwordForm.AppForm>
      </form>
      <OtherSignIns
        busy={busy}
        redirect={safeRedirect(redirect)}
        attempt={attempt}
        onPasskey={async () => {
          if (await signInWithPasskey()) await signedIn();
        }}
      />
      {demo.data?.available && demo.data.password && (
        <div className="mt-6 border-t border-gray-200 pt-6">
          <p className="text-sm text-muted">Exploring? Use a demo account:</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {(['client', 'agent'] as const).map((role) => {
              const account = demoAccount(role);
              const demoPassword = demo.data?.password;
              if (!account || !demoPassword) return null;
              return (
                <Button
                  key={role}
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void submitPassword({ email: account.email, password: demoPassword })}
                >
                  {role === 'client' ? 'Continue as demo traveller' : 'Continue as demo agent'}
                </Button>
              );
            })}
          </div>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        New to Naav?{' '}
        <Link
          to="/sign-up"
          search={redirect ? { redirect } : {}}
          className="font-medium text-brand-700 hover:underline"
        >
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

/** Back to the password, from the second step. */
function StartAgain({ onClick, inline = false }: { onClick: () => void; inline?: boolean }) {
  const button = (
    <button
      type="button"
      className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
      onClick={onClick}
    >
      Start again
    </button>
  );
  return inline ? button : <div className="mt-6 text-sm">{button}</div>;
}
