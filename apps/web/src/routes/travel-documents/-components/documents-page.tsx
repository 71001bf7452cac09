import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { Tabs } from '@naav/ui/tabs';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Icon } from '~/components/icon';
import { usePageTitle } from '~/components/page-title';
import { TripDocumentWarnings } from '~/components/trip-document-warnings';
import { useTRPC } from '~/lib/trpc';
import { DocumentCard } from './document-card';
import { DocumentDialog } from './document-dialog';
import { documentTypeLabels, documentTypes, type DocumentSummary } from './document-labels';
import { QueryState } from '~/components/query-state';
import { useDeleteOutcome } from '~/components/use-delete-outcome';

/** Travel documents: all, expiring within 90 days, and grouped by type; add, edit and delete. */
export function DocumentsPage() {
  usePageTitle('Travel Documents');
  const trpc = useTRPC();
  const outcome = useDeleteOutcome();
  const docs = useQuery(trpc.documents.list.queryOptions());
  const expiring = useQuery(trpc.documents.expiring.queryOptions());
  const [dialog, setDialog] = useState<{ doc: DocumentSummary | null } | null>(null);
  const [target, setTarget] = useState<DocumentSummary | null>(null);
  const remove = useMutation(
    trpc.documents.delete.mutationOptions(
      outcome({
        refetch: [trpc.documents.pathFilter()],
        deleted: 'Document deleted successfully',
        failed: { title: 'Error', description: 'Failed to delete document. Please try again.' },
        close: () => setTarget(null),
      }),
    ),
  );

  const grid = (list: DocumentSummary[]) => (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {list.map((doc) => (
        <DocumentCard key={doc.id} doc={doc} onEdit={() => setDialog({ doc })} onDelete={() => setTarget(doc)} />
      ))}
    </ul>
  );
  const emptyAll = (
    <Card>
      <EmptyState
        icon={<Icon name="document" className="size-8" />}
        title="No travel documents found"
        titleAs="h2"
        description="Keep passports, visas and insurance in one place, with reminders before they expire."
        action={<Button onClick={() => setDialog({ doc: null })}>Add Your First Document</Button>}
      />
    </Card>
  );
  const withDocs = (render: (list: DocumentSummary[]) => ReactNode) => (
    <QueryState
      query={docs}
      loading={{ text: 'Loading your documents...' }}
      error={{ what: 'your documents' }}
      empty={emptyAll}
    >
      {render}
    </QueryState>
  );

  const expiringCount = expiring.data?.length ?? 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Documents</h1>
          <p className="mt-2 text-muted">Passports, visas and insurance, with a warning before they expire.</p>
        </div>
        <Button onClick={() => setDialog({ doc: null })}>Add Document</Button>
      </div>
      <TripDocumentWarnings className="mt-6" />
      <Tabs
        className="mt-6"
        label="Document views"
        tabs={[
          { key: 'all', label: 'All Documents', content: withDocs(grid) },
          {
            key: 'expiring',
            label: (
              <span className="inline-flex items-center gap-2">
                Expiring Soon
                <Badge tone={expiringCount > 0 ? 'warning' : 'neutral'}>{expiringCount}</Badge>
              </span>
            ),
            content: (
              <QueryState
                query={expiring}
                loading={{ text: 'Loading your documents...' }}
                error={{ what: 'your expiring documents' }}
                empty={
                  <Card>
                    <EmptyState
                      icon={<Icon name="clock" className="size-8" />}
                      title="No documents expiring soon"
                      titleAs="h2"
                      description="Nothing expires in the next 90 days."
                    />
                  </Card>
                }
              >
                {(data) => grid(data)}
              </QueryState>
            ),
          },
          {
            key: 'by-type',
            label: 'By Type',
            content: withDocs((list) => (
              <div className="space-y-6">
                {documentTypes
                  .map((type) => ({ type, items: list.filter((d) => d.documentType === type) }))
                  .filter((g) => g.items.length > 0)
                  .map(({ type, items }) => (
                    <section key={type} aria-labelledby={`type-${type}`}>
                      <h2 id={`type-${type}`} className="mb-3 text-lg font-semibold text-ink">
                        {documentTypeLabels[type]} <span className="text-muted">({items.length})</span>
                      </h2>
                      {grid(items)}
                    </section>
                  ))}
              </div>
            )),
          },
        ]}
      />
      <DocumentDialog open={dialog !== null} onClose={() => setDialog(null)} doc={dialog?.doc ?? null} />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Confirm Deletion"
        description={
          target ? `Are you sure you want to delete “${target.documentName}”? This action cannot be undone.` : ''
        }
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate({ id: target.id })}
      />
    </div>
  );
}
