import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';

export function Hero() {
  return (
    <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <p className="text-sm font-medium uppercase tracking-widest text-brand-100">
          Navigation Assistant for Aspirations &amp; Voyages
        </p>
        <h1 className="mt-3 max-w-3xl font-display text-3xl font-semibold leading-tight sm:text-5xl">
          Navigate your past journeys, manage your current travel, and discover your next adventure.
        </h1>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/my-trips"
            className={`${buttonClasses('primary', 'md')} !bg-white !text-brand-800 hover:!bg-brand-50 focus-visible:!outline-white`}
          >
            Start Planning
          </Link>
          <Link
            to="/travel-journal"
            className={`${buttonClasses('secondary', 'md')} !border-white/70 !bg-transparent !text-white hover:!bg-white/10 focus-visible:!outline-white`}
          >
            View Travel Journal
          </Link>
        </div>
      </div>
    </section>
  );
}
