import { useToast } from '@naav/ui/toast';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open app asks whether a new version was published (the browser also checks on each load). */
const updateCheckMs = 60 * 60 * 1000;

/**
 * Registers the service worker (from the bundle: the Content-Security-Policy allows no inline
 * script) and announces a new version instead of swapping code under the traveller: the new
 * worker waits until they choose Reload.
 */
export function UpdatePrompt() {
  const { toast } = useToast();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), updateCheckMs);
    },
  });
  useEffect(() => {
    if (!needRefresh) return;
    toast({
      title: 'A new version is ready',
      action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, toast, updateServiceWorker]);
  return null;
}
