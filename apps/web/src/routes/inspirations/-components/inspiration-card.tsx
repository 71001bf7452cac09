import { Card } from '@naav/ui/card';
import { Skeleton } from '@naav/ui/skeleton';
import { formatWholeMoney } from '~/lib/money';
import { Icon } from '~/components/icon';
import { TravelImage } from '~/components/travel-image';
import type { Inspiration } from '~/lib/api-types';
import { WaitingToSync } from '~/components/waiting-to-sync';
import { capitalise, categoryLabels, pricePerDay } from './inspiration-filters';

/** Shown when an idea has no rating yet (§9). */
export const defaultRating = 4.9;

export function InspirationCard({
  idea,
  reason,
  onToggleFavourite,
  pending,
  waiting,
}: {
  idea: Inspiration;
  /** Why it is recommended, for the "Based on your past trips" cards. */
  reason?: string;
  onToggleFavourite: (idea: Inspiration) => void;
  pending?: boolean;
  /** The heart was set without a network and is not sent yet. */
  waiting?: boolean;
}) {
  const headingId = `idea-${idea.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex flex-col overflow-hidden">
      <div className="relative">
        <TravelImage src={idea.imageUrl} alt="" className="aspect-[16/10] w-full object-cover" />
        <button
          type="button"
          aria-pressed={idea.isFavourite}
          aria-label={idea.isFavourite ? `Remove ${idea.title} from favourites` : `Add ${idea.title} to favourites`}
          disabled={pending}
          onClick={() => onToggleFavourite(idea)}
          className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-rose-600 shadow transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70"
        >
          <Icon name="heart" className="size-6" fill={idea.isFavourite ? 'currentColor' : 'none'} />
        </button>
        <span className="absolute left-3 top-3 rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-medium text-ink">
          {categoryLabels[idea.category]}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-ink">
            {idea.title}
          </h3>
          <span role="img" className="shrink-0 text-sm font-medium text-amber-800" aria-label={`Rated ${idea.rating ?? defaultRating} out of 5`}>
            ★ {(idea.rating ?? defaultRating).toFixed(1)}
          </span>
        </div>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted">
          <Icon name="pin" className="size-4" />
          {idea.destination}
        </p>
        {waiting ? <WaitingToSync className="mt-2 self-start" /> : null}
        {reason ? <p className="mt-2 text-sm italic text-brand-800">{reason}</p> : null}
        <p className="mt-2 line-clamp-2 text-sm text-muted">{idea.description}</p>
        <dl className="mt-auto grid grid-cols-2 gap-x-3 gap-y-1 pt-3 text-sm">
          <dt className="sr-only">Duration</dt>
          <dd className="text-muted">{idea.duration} days · {capitalise(idea.type)}</dd>
          <dt className="sr-only">Price</dt>
          <dd className="text-right font-semibold text-ink">{formatWholeMoney(idea.price)}</dd>
          <dt className="sr-only">Per day</dt>
          <dd className="text-muted">{formatWholeMoney(pricePerDay(idea))} per day</dd>
          <dt className="sr-only">Travellers</dt>
          <dd className="text-right text-muted">For 2</dd>
        </dl>
      </div>
    </Card>
  );
}

/**
 * A recommendation card while the ideas load: the same image box and lines as InspirationCard
 * (with a reason), so the grid keeps its height when the cards arrive.
 */
export function InspirationCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden">
      <Skeleton className="aspect-[16/10] w-full rounded-none" />
      <div className="flex flex-1 flex-col p-4">
        <Skeleton className="my-1 h-4 w-2/3" />
        <Skeleton className="mt-2 h-4 w-1/2" />
        <Skeleton className="mt-3 h-4 w-5/6" />
        <div className="mt-3 space-y-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
        <div className="mt-auto grid grid-cols-2 gap-x-3 gap-y-2 pt-4">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="ml-auto h-4 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="ml-auto h-4 w-1/3" />
        </div>
      </div>
    </Card>
  );
}
