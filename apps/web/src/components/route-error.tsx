import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@naav/ui/button';

/**
 * Shown when a screen fails to load: says so plainly and offers a retry. It is the root
 * route's error screen, shown in place of the whole shell, so it brings its own main landmark.
 */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <div role="alert">
        <h1 className="font-display text-2xl font-semibold text-ink">Something went wrong</h1>
        <p className="mt-3 text-muted">This page could not be loaded. Check your connection and try again.</p>
      </div>
      <Button
        className="mt-8"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </main>
  );
}
