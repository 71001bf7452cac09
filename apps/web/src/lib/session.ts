/** Email + password sign-in against the server's auth endpoints; the session is an HTTP-only cookie. */
async function post(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`/api/auth/${path}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(data?.message ?? `${response.status}: ${response.statusText}`);
  }
}

export const signIn = (email: string, password: string) => post('sign-in/email', { email, password });
export const signUp = (name: string, email: string, password: string) => post('sign-up/email', { name, email, password });
export const signOut = () => post('sign-out');
