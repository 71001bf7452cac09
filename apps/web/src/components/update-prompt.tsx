import { useToast } from '@naav/ui/toast';
import { useEffect } from 'react';
import { runWhenIdle } from '../lib/preload-when-idle';

/** How often an open app asks whether a new version was published (the browser also checks on each load). */
const updateCheckMs = 60 * 60 * 1000;

/**
 * Registers the service worker (from the bundle: the Content-Security-Policy allows no inline
 * script) and announces a new version instead of swapping code under the traveller: the new
 * worker waits until they choose Reload. The registration (and the worker's download of the app
 * for offline use) starts once the page has loaded and the browser is idle, after the first screen.
 */
export function UpdatePrompt() {
  const { toast } = useToast();
  useEffect(() => {
    let stopped = false;
    let checks: ReturnType<typeof setInterval> | undefined;
    const register = () =>
      import('virtual:pwa-register').then(({ registerSW }) => {
        if (stopped) return;
        const updateServiceWorker = registerSW({
          immediate: true,
          onNeedRefresh: () =>
            toast({
              title: 'A new version is ready',
              action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
            }),
          onRegisteredSW: (_url, registration) => {
            if (registration && !stopped)
              checks = setInterval(() => void registration.update().catch(() => undefined), updateCheckMs);
          },
        });
      });
    const cancel = runWhenIdle(register);
    return () => {
      stopped = true;
      cancel();
      clearInterval(checks);
    };
  }, [toast]);
  return null;
}
