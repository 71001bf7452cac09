import type { ReactNode } from 'react';
import { usePageTitle } from '~/components/page-title';

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated {updated}</p>
      <div className="mt-8 space-y-4 leading-relaxed text-ink [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold">{children}</div>
    </article>
  );
}
