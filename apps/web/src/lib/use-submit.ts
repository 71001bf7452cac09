import { useCallback, useState } from 'react';

/** A form's one request at a time: `busy` while it runs, the thrown error's message once it fails. */
export function useSubmit(fallbackMessage: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (e) {
        setError(e instanceof Error ? e.message : fallbackMessage);
      } finally {
        setBusy(false);
      }
    },
    [fallbackMessage],
  );
  return { busy, error, setError, run };
}
