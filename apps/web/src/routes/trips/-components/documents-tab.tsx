import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import { LoadingBlock } from '~/components/loading-block';
import { TripDocumentWarningList } from '~/components/trip-document-warnings';
import { useTRPC } from '~/lib/trpc';

// The trip's dates checked against the traveller's passports and visas; with no documents at
// all there is nothing to check, and the tab says so instead of reassuring.
export function DocumentsTab({ tripId }: { tripId: string }) {
  const trpc = useTRPC();
  const warnings = useQuery({
    ...trpc.documents.tripWarnings.queryOptions({ tripId }),
    // Depends on the trip's dates as well as the documents: checked again whenever it is shown.
    staleTime: 0,
  });
  const documents = useQuery(trpc.documents.list.queryOptions());
  const noDocuments = documents.data?.length === 0;
  const settled = noDocuments
    ? {
        title: 'No documents added yet.',
        description: "Add your passports and visas, and we check them against this trip's dates.",
        link: ['Add a Document', 'primary'] as const,
      }
    : {
        title: warnings.isError || documents.isError ? "We couldn't check your documents." : 'No document problems for this trip.',
        description: "We check your passports and visas against the trip's dates: valid to the last day, and passports six months past the start.",
        link: ['Go to Travel Documents', 'secondary'] as const,
      };
  return (
    <>
      <h2 className="sr-only">Documents</h2>
      {warnings.isPending || documents.isPending ? (
        <LoadingBlock text="Checking your documents..." rows={1} />
      ) : warnings.data && warnings.data.length > 0 ? (
        <TripDocumentWarningList warnings={warnings.data} />
      ) : (
        <EmptyState
          icon={<Icon name="document" className="size-8" />}
          title={settled.title}
          titleAs="p"
          description={settled.description}
          action={
            <Link to="/travel-documents" className={buttonClasses(settled.link[1], 'md')}>
              {settled.link[0]}
            </Link>
          }
        />
      )}
    </>
  );
}
