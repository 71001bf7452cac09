import { Button } from '@naav/ui/button';

/** A section that failed to load: says so and offers a retry, without taking the page down. */
export function InlineError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-danger-50 p-4 text-sm text-danger-600">
      <p>{text}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
