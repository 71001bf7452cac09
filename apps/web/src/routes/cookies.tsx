import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from './-components/legal-page';

export const Route = createFileRoute('/cookies')({ component: CookiesPage });

function CookiesPage() {
  return (
    <LegalPage title="Cookie Policy" updated="January 1, 2023">
      <p>
        Naav uses only the cookies it needs to keep you signed in: a session cookie and a short-lived signed copy of the
        session that saves a database lookup. Both are HTTP-only and are removed when you sign out.
      </p>
      <p>We use no advertising or tracking cookies and load nothing from third parties.</p>
    </LegalPage>
  );
}
