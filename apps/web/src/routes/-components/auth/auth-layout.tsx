import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-12">
      <div className="w-full max-w-md">
        <Link to="/" className="mx-auto mb-6 flex min-h-11 w-fit items-center gap-2" aria-label="Naav home">
          <img src="/images/logo.svg" alt="" width={120} height={32} className="h-8 w-auto" />
        </Link>
        <div className="rounded-2xl border border-gray-200 bg-surface p-6 shadow-sm sm:p-8">
          <h1 className="font-display text-2xl font-semibold text-ink">{title}</h1>
          <p className="mt-1 text-sm text-muted">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </div>
        <p className="mt-6 text-center text-xs text-muted">Navigation Assistant for Aspirations &amp; Voyages</p>
      </div>
    </main>
  );
}
