import { Skeleton } from '@naav/ui/skeleton';

/** A loading text (announced politely) above a few skeleton rows. */
export function LoadingBlock({ text, rows = 3 }: { text: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="py-2">
      <p className="text-sm text-muted">{text}</p>
      <div className="mt-3 space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-10 rounded-full" />
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
