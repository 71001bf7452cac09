import { demoPassword } from '@naav/db/seed';
import { expect } from 'vitest';
import type { AppProcess } from './app-processes';
import { cookieHeader } from './harness';

/** A JSON request to a started app process, sent as the app's own page sends it (its Origin, the cookie). */
export const postTo = (server: AppProcess, path: string, body: unknown, cookie?: string, method = 'POST') =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

export const getFrom = (server: AppProcess, path: string, cookie: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { cookie } });

/** Signs in on that server (the demo password by default) and answers the session's cookie header. */
export async function signInTo(server: AppProcess, email: string, password = demoPassword) {
  const res = await postTo(server, '/api/auth/sign-in/email', { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieHeader(res);
}
