import { Button } from '@naav/ui/button';
import { Skeleton } from '@naav/ui/skeleton';

/** The journal's loading text over a placeholder shaped like the view: the map, or a few cards. */
export function JournalLoading({ view }: { view: 'map' | 'list' }) {
  return (
    <div role="status" aria-live="polite">
      <p className="text-muted">Loading travel history...</p>
      {view === 'map' ? (
        // The map's own proportions (960 × 440), so nothing moves when it arrives.
        <Skeleton className="mt-4 aspect-[960/440] w-full rounded-xl" />
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-surface">
              <Skeleton className="aspect-[16/9] w-full rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/3" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Said when the journal could not be loaded, with a way to try again. */
export function JournalError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-danger-50 px-4 py-8 text-center">
      <h3 className="font-display text-xl font-semibold text-ink">Your travel journal could not be loaded</h3>
      <p className="mt-2 text-sm text-muted">Check your connection and try again.</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}
