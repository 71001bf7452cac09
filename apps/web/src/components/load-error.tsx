import { Button } from '@naav/ui/button';

/** What a section shows when its data could not be loaded: a plain sentence and a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-danger-50 p-4 text-sm text-ink">
      <p>We couldn't load {what}. Check your connection and try again.</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
