import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from './-components/legal-page';

export const Route = createFileRoute('/terms')({ component: TermsPage });

function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="January 1, 2023">
      <p>
        By using Naav you agree to use it for planning and recording your own travel, and to keep your sign-in details
        private.
      </p>
      <h2>Proposals and bookings</h2>
      <p>
        Trip proposals from our agents are offers until you accept them. Prices shown for inspirations are indicative
        for two travellers.
      </p>
      <h2>Availability</h2>
      <p>
        We aim to keep Naav available at all times but cannot guarantee uninterrupted service. Keep copies of essential
        travel documents.
      </p>
    </LegalPage>
  );
}
