import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AuthLayout } from './auth-layout';

/** What sign-up and Forgot password show once a message is on its way. */
export function CheckYourInbox({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <AuthLayout title="Check your inbox" subtitle={subtitle}>
      <p role="status" className="text-ink">
        {children}
      </p>
      <p className="mt-4 text-sm text-muted">
        Nothing there after a few minutes? Look in the spam folder, or check the address and try again.
      </p>
      <p className="mt-6 text-center text-sm">
        <Link to="/sign-in" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
