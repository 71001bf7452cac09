import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { Icon } from './icon';

export type TripDocumentWarning = RouterOutputs['documents']['tripWarnings'][number];

/**
 * Passports and visas that do not cover a current or upcoming trip (expiring before it ends,
 * or a passport valid less than six months after it starts): one line each, naming both.
 * Renders nothing while loading, on error, or when all is well.
 */
export function TripDocumentWarnings({ tripId, className = '' }: { tripId?: string; className?: string }) {
  const trpc = useTRPC();
  const warnings = useQuery({
    ...trpc.documents.tripWarnings.queryOptions(tripId ? { tripId } : {}),
    // Depends on trips as well as documents: checked again whenever it is shown.
    staleTime: 0,
  });
  if (!warnings.data || warnings.data.length === 0) return null;
  return <TripDocumentWarningList warnings={warnings.data} className={className} />;
}

export function TripDocumentWarningList({
  warnings,
  className = '',
}: {
  warnings: TripDocumentWarning[];
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 ${className}`}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="document" className="size-5" />
        {warnings.length === 1 ? 'Check your travel document' : `Check ${warnings.length} travel document warnings`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {warnings.map((w) => (
          <li key={`${w.documentId}-${w.tripId}`}>{w.message}</li>
        ))}
      </ul>
      <Link
        to="/travel-documents"
        className="mt-2 inline-block font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Update your documents
      </Link>
    </div>
  );
}
