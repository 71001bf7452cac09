import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { trpcQuery, type OutputOf } from '../test/trpc-handlers';
import { AppShell } from './app-shell';

configure({ asyncUtilTimeout: 5000 });

const me: OutputOf<'me.get'> = {
  id: 'u1',
  name: 'Jordan Lee',
  email: 'jordan@naav.example',
  role: 'client',
  initials: 'JL',
  emailVerified: true,
  twoFactorEnabled: false,
  hasPassword: true,
  twoFactorRequired: false,
};

function renderShell(overrides: Partial<typeof me>) {
  server.use(
    http.get('*/api/auth/passkey/list-user-passkeys', () => HttpResponse.json([])),
    trpcQuery('me.get', { ...me, ...overrides }),
    trpcQuery('notifications.list', { items: [], unread: 0, nextCursor: null }),
  );
  return renderWithApi(
    <ToastProvider>
      <AppShell>
        <p>The screen itself</p>
      </AppShell>
    </ToastProvider>,
  );
}

// The dialog is loaded on demand, as in the browser: room for that import on a busy machine.
describe('AppShell', { timeout: 20_000 }, () => {
  it('asks an unverified user to confirm their address; Resend mails a new link and says so', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/auth/send-verification-email', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    renderShell({ emailVerified: false });
    const banner = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(banner).toHaveTextContent('We sent a link to jordan@naav.example');
    expect(screen.getByText('The screen itself')).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('We sent a new link to jordan@naav.example.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'jordan@naav.example', callbackURL: '/email-verified' }]);
  });

  it('shows no banner once the address is confirmed', async () => {
    renderShell({});
    expect(await screen.findByRole('button', { name: /Account menu for Jordan Lee/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).not.toBeInTheDocument();
    expect(screen.getByText('The screen itself')).toBeInTheDocument();
  });

  it('under AGENT_2FA=required shows an agent without two-factor sign-in only the way to set it up', async () => {
    renderShell({ role: 'agent', twoFactorRequired: true });
    expect(await screen.findByRole('heading', { name: 'Turn on two-factor sign-in to continue' })).toBeInTheDocument();
    expect(screen.queryByText('The screen itself')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('dialog', { name: 'Two-factor sign-in' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('under AGENT_2FA=required asks an agent without a password (single sign-on) for a passkey instead', async () => {
    renderShell({ role: 'agent', hasPassword: false, twoFactorRequired: true });
    expect(await screen.findByRole('heading', { name: 'Add a passkey to continue' })).toBeInTheDocument();
    expect(screen.getByText(/You sign in through your organisation/)).toBeInTheDocument();
    expect(screen.queryByText('The screen itself')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const panel = await screen.findByRole('dialog', { name: 'Passkeys' }, { timeout: 15_000 });
    expect(await within(panel).findByText('No passkeys yet')).toBeInTheDocument();
  });
});
