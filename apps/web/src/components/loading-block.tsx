import { Skeleton } from '@naav/ui/skeleton';

/**
 * A loading sentence (read out politely) over skeleton rows shaped like what is coming:
 * square thumbnails for trips and places, round ones for people.
 */
export function LoadingBlock({ text, rows = 3, round = false }: { text: string; rows?: number; round?: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <p className="text-sm text-muted">{text}</p>
      <div className="mt-3 space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders: the position is all that tells them apart
          <div key={i} className="flex gap-3">
            <Skeleton className={round ? 'size-10 rounded-full' : 'size-12 rounded-lg'} />
            <div className="flex-1 space-y-2 py-1">
              <Skeleton className="h-3 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
