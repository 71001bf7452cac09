import { usePageTitle } from './page-title';

/** A screen whose features are being built: its title and one line, never the 404. */
export function ComingTogether({ title, note }: { title: string; note?: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-3 text-muted">{note ?? `${title} is coming together: this screen arrives in an upcoming release.`}</p>
    </section>
  );
}
