/**
 * Passkeys (better-auth's passkey plugin under /api/auth/passkey): the browser's WebAuthn
 * ceremonies through @simplewebauthn/browser, loaded only when a passkey is used.
 */
import { post, rememberPendingSignOut } from './session';

export interface Passkey {
  id: string;
  name?: string | null;
  createdAt: string;
  deviceType: string;
  backedUp: boolean;
}

/** Why a ceremony stopped, in words; null when the person closed the browser's prompt themselves. */
function ceremonyError(error: unknown): Error | null {
  const name = (error as { name?: string; code?: string }).name;
  const code = (error as { code?: string }).code;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return null;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new Error('This device already holds a passkey for your account');
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return new Error('Passkeys work only at the app’s own address');
  return new Error('This browser could not use a passkey');
}

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** Creates a passkey on this device for the signed-in account; false when the person cancelled. */
export async function addPasskey(name: string): Promise<boolean> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    'passkey/generate-register-options',
    undefined,
    'GET',
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    const reason = ceremonyError(error);
    if (reason) throw reason;
    return false;
  }
  const { clientExtensionResults: _, ...body } = response;
  await post('passkey/verify-registration', { response: body, name: name.trim() || undefined });
  return true;
}

/**
 * Signs in with a passkey the browser offers; false when the person cancelled. As the
 * `secondFactor` of a password sign-in, only a passkey of that same account finishes it.
 */
export async function signInWithPasskey({ secondFactor = false } = {}): Promise<boolean> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const query = secondFactor ? '?factor=second' : '';
  const optionsJSON = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    `passkey/generate-authenticate-options${query}`,
    undefined,
    'GET',
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    const reason = ceremonyError(error);
    if (reason) throw reason;
    return false;
  }
  const { clientExtensionResults: _, ...body } = response;
  await post(`passkey/verify-authentication${query}`, { response: body });
  rememberPendingSignOut(false);
  return true;
}

export const listPasskeys = () => post<Passkey[]>('passkey/list-user-passkeys', undefined, 'GET');
export const renamePasskey = (id: string, name: string) => post('passkey/update-passkey', { id, name: name.trim() });
export const deletePasskey = (id: string) => post('passkey/delete-passkey', { id });
