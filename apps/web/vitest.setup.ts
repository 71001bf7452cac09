import '@testing-library/jest-dom/vitest';
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

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
