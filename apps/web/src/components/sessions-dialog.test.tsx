import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcError, trpcPending, trpcQuery } from '../test/trpc-handlers';
import { SessionsDialog, sessionName } from './sessions-dialog';

configure({ asyncUtilTimeout: 5000 });

type Session = RouterOutputs['sessions']['list'][number];
const session = (overrides: Partial<Session>): Session => ({
  id: 's1',
  browser: 'Firefox 128',
  os: 'macOS Catalina',
  device: 'desktop',
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  expiresAt: '2026-11-27T09:00:00.000Z',
  current: false,
  ...overrides,
});

const renderDialog = () =>
  renderWithApi(
    <ToastProvider>
      <SessionsDialog open onClose={() => undefined} />
    </ToastProvider>,
  );

describe('SessionsDialog', () => {
  it('names a session by browser and system, or by what is known', () => {
    expect(sessionName({ browser: 'Chrome 126', os: 'Android 14' })).toBe('Chrome 126 on Android 14');
    expect(sessionName({ browser: null, os: 'Linux' })).toBe('Linux');
    expect(sessionName({ browser: null, os: null })).toBe('Unknown browser');
  });

  it('says it is loading while the list is on its way', async () => {
    server.use(trpcPending('sessions.list'));
    renderDialog();
    expect(await screen.findByText('Loading sessions...')).toBeInTheDocument();
  });

  it('says when the list could not be loaded, with a retry', async () => {
    server.use(trpcError('sessions.list', 'INTERNAL_SERVER_ERROR'));
    renderDialog();
    expect(await screen.findByText(/We couldn't load your sessions/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists each session, marks this one, and asks before revoking', async () => {
    server.use(
      trpcQuery('sessions.list', [
        session({ id: 'here', current: true, browser: 'Chrome 126', os: 'Linux' }),
        session({ id: 'phone', browser: 'Safari 17', os: 'iOS 17.5', device: 'mobile' }),
      ]),
    );
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    const [here, phone] = within(list).getAllByRole('listitem');
    expect(here).toHaveTextContent('Chrome 126 on Linux');
    expect(here).toHaveTextContent('This device');
    expect(here).toHaveTextContent('Active now');
    expect(phone).toHaveTextContent('Safari 17 on iOS 17.5');
    expect(phone).toHaveTextContent('Last seen 5 minutes ago · Signed in Nov 20, 2026 · 203.0.113.7');
    expect(phone).not.toHaveTextContent('This device');

    await userEvent.click(within(phone!).getByRole('button', { name: 'Revoke Safari 17 on iOS 17.5' }));
    expect(await screen.findByRole('heading', { name: 'Revoke this session?' })).toBeInTheDocument();
    expect(
      screen.getByText('Safari 17 on iOS 17.5 will be signed out at once and has to sign in again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(await screen.findByRole('list', { name: 'Signed-in sessions' })).toBeInTheDocument();
  });
});
