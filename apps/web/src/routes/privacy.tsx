import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from './-components/legal-page';

export const Route = createFileRoute('/privacy')({ component: PrivacyPage });

function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="January 1, 2023">
      <p>
        Naav keeps the trips, journal entries, plans and documents you add so that you and the people you choose can use
        them. We do not sell your data.
      </p>
      <h2>What we store</h2>
      <p>
        Your name, e-mail address and password (stored only as a salted hash), and the travel information you enter.
        Server logs keep the method, path and status of each request for troubleshooting.
      </p>
      <h2>Who sees it</h2>
      <p>
        Only you, the travel agents and concierge working on your requests, and the members of groups you share a trip
        with.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change or delete what you have entered at any time. To close your account, write to
        concierge@naav.example.
      </p>
    </LegalPage>
  );
}
