import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadToastRegion } from './src/toast.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lacks the layout observers Headless UI subscribes to; inert stand-ins are enough here.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
// Headless UI transitions wait on element animations; with none running they finish at once.
if (typeof Element.prototype.getAnimations !== 'function') {
  Element.prototype.getAnimations = () => [];
}

// The toasts' region loads on first use in the app; here it is loaded before any test, so a toast
// shows on the same tick it is asked for, as it does once the app has been idle.
beforeAll(() => loadToastRegion());
afterEach(() => {
  cleanup();
});
