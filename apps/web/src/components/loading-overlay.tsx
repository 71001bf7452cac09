import type { ReactNode } from 'react';

/**
 * A loading sentence (read out politely) laid over a placeholder of the final layout: the
 * placeholder holds the space of what is coming, so nothing below moves when it arrives.
 * The placeholder is inert: neither seen by screen readers nor reachable by keyboard.
 */
export function LoadingOverlay({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="relative">
      <div inert aria-hidden="true" className="opacity-60">
        {children}
      </div>
      <p className="absolute left-1/2 top-4 -translate-x-1/2 whitespace-nowrap rounded-full border border-slate-200 bg-surface px-3 py-1 text-sm text-muted shadow-sm">
        {text}
      </p>
    </div>
  );
}
