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

/**
 * One WebAuthn ceremony: its options from `optionsPath`, the browser's prompt (`run`), and the
 * answer as the server takes it (without its extension results); null when the person cancelled.
 */
async function ceremony<O, R extends { clientExtensionResults: unknown }>(
  optionsPath: string,
  run: (options: { optionsJSON: O }) => Promise<R>,
): Promise<Omit<R, 'clientExtensionResults'> | null> {
  const optionsJSON = await post<O>(optionsPath, undefined, 'GET');
  let response: R;
  try {
    response = await run({ optionsJSON });
  } catch (error) {
    const reason = ceremonyError(error);
    if (reason) throw reason;
    return null;
  }
  const { clientExtensionResults: _, ...body } = response;
  return body;
}

/** Creates a passkey on this device for the signed-in account; false when the person cancelled. */
export async function addPasskey(name: string): Promise<boolean> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const body = await ceremony('passkey/generate-register-options', startRegistration);
  if (!body) return false;
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
  const body = await ceremony(`passkey/generate-authenticate-options${query}`, startAuthentication);
  if (!body) return false;
  await post(`passkey/verify-authentication${query}`, { response: body });
  rememberPendingSignOut(false);
  return true;
}

export const listPasskeys = () => post<Passkey[]>('passkey/list-user-passkeys', undefined, 'GET');
export const renamePasskey = (id: string, name: string) => post('passkey/update-passkey', { id, name: name.trim() });
export const deletePasskey = (id: string) => post('passkey/delete-passkey', { id });
