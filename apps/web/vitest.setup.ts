import '@testing-library/jest-dom/vitest';
import { loadToastRegion } from '@naav/ui/toast';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './src/test/msw-server';

// findBy… and waitFor wait up to 5 s (not 1 s) for a screen to settle: room for a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no pointer capture; the journal map's gesture library (via @visx/zoom) captures
// the pointer on every press, as browsers allow.
for (const method of ['setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype))
    Object.defineProperty(Element.prototype, method, { value: () => undefined, configurable: true });
}
if (!('hasPointerCapture' in Element.prototype))
  Object.defineProperty(Element.prototype, 'hasPointerCapture', { value: () => false, configurable: true });

// The toasts' region loads on first use in the app; here it is loaded before any test, so a toast
// shows on the same tick it is asked for, as it does once the app has been idle.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await loadToastRegion();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
