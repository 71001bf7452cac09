import { Link } from '@tanstack/react-router';
import { Badge } from '@naav/ui/badge';
import { Icon } from '~/components/icon';
import { TravelImage } from '~/components/travel-image';
import type { Travel } from '~/lib/api-types';
import { formatDateRange } from '~/lib/format';
import { galleryFor } from './gallery';
import { tagLabel } from './journal-filters';

/**
 * One travel's story: title, dates, place, tag labels, description, a photo gallery and numbered
 * highlights. The journal shows it in its side panel (`page` false); /travel/$id as the page itself.
 */
export function TravelDetail({ travel, page = false }: { travel: Travel; page?: boolean }) {
  const Title = page ? 'h1' : 'h2';
  const Section = page ? 'h2' : 'h3';
  const headingId = `travel-${travel.id}-title`;
  return (
    <article aria-labelledby={headingId} className="space-y-5">
      <header className="space-y-2">
        <Title
          id={headingId}
          className={page ? 'font-display text-3xl font-semibold text-ink sm:text-4xl' : 'font-display text-2xl font-semibold text-ink'}
        >
          {travel.title}
        </Title>
        <p className="flex items-center gap-2 text-muted">
          <Icon name="calendar" className="size-4 shrink-0" />
          {formatDateRange(travel.startDate, travel.endDate)}
        </p>
        <p className="flex items-center gap-2 text-muted">
          <Icon name="pin" className="size-4 shrink-0" />
          {travel.location}
        </p>
        {travel.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-2 pt-1">
            {travel.tags.map((tag) => (
              <li key={tag}>
                <Badge tone="brand">{tagLabel(tag)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </header>

      {travel.description ? (
        <p className="leading-relaxed whitespace-pre-line text-ink">{travel.description}</p>
      ) : (
        <p className="text-muted">No description yet.</p>
      )}

      <section aria-labelledby={`${headingId}-photos`}>
        <Section id={`${headingId}-photos`} className="text-lg font-semibold text-ink">
          Photos
        </Section>
        <ul className={`mt-3 grid grid-cols-2 gap-2 ${page ? 'sm:grid-cols-4 sm:gap-3' : ''}`}>
          {galleryFor(travel).map((photo) => (
            <li key={photo.src}>
              <TravelImage src={photo.src} alt={photo.alt} className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${headingId}-highlights`}>
        <Section id={`${headingId}-highlights`} className="text-lg font-semibold text-ink">
          Highlights
        </Section>
        {travel.highlights.length === 0 ? (
          <p className="mt-2 text-muted">No highlights yet.</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {travel.highlights.map((highlight, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the highlights are numbered: the position is part of their identity
              <li key={`${index}-${highlight}`} className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5 text-ink">{highlight}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {!page && (
        <Link
          to="/travel/$id"
          params={{ id: travel.id }}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline sm:min-h-0"
        >
          Open the full page
          <Icon name="arrowRight" className="size-4" />
        </Link>
      )}
    </article>
  );
}

/** The panel's text before anything is chosen. */
export function NoTravelSelected() {
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <span aria-hidden="true" className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name="book" className="size-7" />
      </span>
      <h2 className="font-display text-xl font-semibold text-ink">Select a Trip</h2>
      <p className="mt-2 text-sm text-muted">Choose a pin on the map or a card in the list to read its story.</p>
    </div>
  );
}
