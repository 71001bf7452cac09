import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { usePageTitle } from './page-title';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="font-display text-3xl font-semibold text-ink">404 Page Not Found</h1>
      <p className="mt-3 text-muted">Did you forget to add the page to the router?</p>
      <Link to="/" className={`${buttonClasses('primary', 'md')} mt-8`}>
        Back to Navigate
      </Link>
    </section>
  );
}
