import { useQuery } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { passkeysSupported } from '~/lib/passkeys';
import { post } from '~/lib/session';

interface SsoProvider {
  id: string;
  name: string;
}

/** What the sign-in page says when single sign-on came back with an error (`?sso=failed&error=`). */
export function ssoFailure(error: string | undefined): string {
  if (error === 'email_domain_not_allowed')
    return 'Your organisation’s sign-in worked, but that address may not use it here. Sign in with your password instead.';
  if (error === 'account_not_linked')
    return 'An account with that address exists already: sign in with your password, since your organisation has not confirmed the address.';
  return 'Single sign-on did not work. Try again, or sign in with your password.';
}

/** Leaves for the provider's sign-in page; the provider sends the person back to `redirect`. */
async function startSso(provider: SsoProvider, redirect: string) {
  const { url } = await post<{ url: string }>('sign-in/social', {
    provider: provider.id,
    callbackURL: redirect,
    errorCallbackURL: '/sign-in?sso=failed',
  });
  window.location.assign(url);
}

/**
 * The other ways in, below the password form: a passkey, and the organisation's single sign-on
 * when the server has one (GET /api/auth/sso/provider).
 */
export function OtherSignIns({
  busy,
  redirect,
  attempt,
  onPasskey,
}: {
  busy: boolean;
  redirect: string;
  attempt: (action: () => Promise<void>) => Promise<void>;
  onPasskey: () => Promise<void>;
}) {
  const sso = useQuery({
    queryKey: ['auth', 'sso-provider'],
    queryFn: () => post<{ provider: SsoProvider | null }>('sso/provider', undefined, 'GET'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const provider = sso.data?.provider;
  const passkeys = passkeysSupported();
  if (!passkeys && !provider) return null;
  return (
    <div className="mt-6 border-t border-gray-200 pt-6">
      <p className="text-center text-sm text-muted">Or</p>
      <div className="mt-3 grid gap-2">
        {passkeys ? (
          <Button variant="secondary" disabled={busy} onClick={() => void attempt(onPasskey)}>
            Sign in with a passkey
          </Button>
        ) : null}
        {provider ? (
          <Button variant="secondary" disabled={busy} onClick={() => void attempt(() => startSso(provider, redirect))}>
            Sign in with {provider.name}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
