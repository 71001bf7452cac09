import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useToast } from '@naav/ui/toast';
import { usePageTitle } from '../components/page-title';
import { AuthLayout } from './-components/auth/auth-layout';
import { textParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/email-verified')({
  // Where the verification link leads: straight on to the app, or with `error` when the link has expired.
  validateSearch: searchSchema({ error: textParam }),
  component: EmailVerifiedPage,
});

function EmailVerifiedPage() {
  usePageTitle('E-mail address confirmed');
  const { error } = Route.useSearch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const announced = useRef(false);

  useEffect(() => {
    if (error || announced.current) return;
    announced.current = true;
    // Said once the home screen is there, so the message is read with it.
    void navigate({ to: '/', replace: true }).then(() =>
      toast({ title: 'Your e-mail address is confirmed', description: 'Welcome to Naav.', tone: 'success' }),
    );
  }, [error, navigate, toast]);

  if (!error) return null;
  return (
    <AuthLayout title="This link no longer works" subtitle="Confirmation links work for one hour.">
      <p className="text-ink">Sign in and choose Resend link in the banner at the top of the page to get a new one.</p>
      <Link
        to="/sign-in"
        className="mt-6 flex min-h-11 items-center justify-center font-medium text-brand-700 hover:underline"
      >
        Sign in
      </Link>
    </AuthLayout>
  );
}
