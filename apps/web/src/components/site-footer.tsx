import { Link } from '@tanstack/react-router';

const regions = ['Europe', 'Asia', 'Africa', 'North America', 'South America', 'Oceania'];
const experiences = [
  'Culinary Tours',
  'Adventure Travel',
  'Wellness Retreats',
  'Cultural Immersion',
  'Luxury Cruises',
  'Family-Friendly',
];
// The site's teal focus ring hardly shows on the dark footer: links here ring in white.
// On a phone each is a 44 px tap target.
const linkClasses =
  'inline-flex min-h-11 items-center rounded-sm underline-offset-2 sm:min-h-0 hover:underline focus-visible:outline-white';

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-semibold text-white">Naav</p>
          <p className="mt-2 text-sm text-brand-100">
            We offer extraordinary travel experiences tailored to your travel history and your dreams.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Destinations</h2>
          <ul className="mt-3 space-y-1 text-sm text-brand-100">
            {regions.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Experiences</h2>
          <ul className="mt-3 space-y-1 text-sm text-brand-100">
            {experiences.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <address className="mt-3 space-y-1 text-sm not-italic text-brand-100">
            <p>Naav Travel Concierge, 88 Harbour Street, Suite 400, Boston, MA 02110</p>
            <p>
              <a className={linkClasses} href="tel:+18005550199">
                +1 800 555 0199
              </a>
            </p>
            <p>
              <a className={linkClasses} href="mailto:concierge@naav.example">
                concierge@naav.example
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-brand-100 sm:flex-row sm:items-center sm:justify-between">
          <p>© 2023 Naav. All rights reserved.</p>
          <ul className="flex gap-5">
            <li>
              <Link to="/privacy" className={linkClasses}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClasses}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/cookies" className={linkClasses}>
                Cookie Policy
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
