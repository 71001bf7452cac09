import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Icon } from '~/components/icon';
import { NeedsConnection, useNeedsConnection } from '~/components/needs-connection';
import { formatDate } from '~/lib/format';
import { DocumentNotes } from './document-notes';
import { documentTypeLabels, expiryNotice, maskedNumber, type DocumentSummary } from './document-labels';

export function DocumentCard({ doc, onEdit, onDelete }: { doc: DocumentSummary; onEdit: () => void; onDelete: () => void }) {
  const notice = expiryNotice(doc.expiryStatus);
  // The full edit sends the whole document, number included, which this device never keeps;
  // a deletion is not queued (it cannot be shown undone while waiting), so both need the server.
  const offline = useNeedsConnection();
  const offlineId = `document-${doc.id}-offline`;
  const serverOnly = { size: 'sm', disabled: offline, 'aria-describedby': offline ? offlineId : undefined } as const;
  const border = notice?.tone === 'danger' ? 'border-l-4 border-l-danger-600' : notice?.tone === 'warning' ? 'border-l-4 border-l-amber-500' : '';
  return (
    <Card as="li" className={`flex flex-col p-4 ${border}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{doc.documentName}</p>
          <p className="text-sm text-muted">{documentTypeLabels[doc.documentType]}</p>
        </div>
        <Icon name="document" className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Number</dt>
        <dd className="font-mono text-ink">
          {maskedNumber(doc.documentNumberLast4)}
        </dd>
        {doc.issuingCountry ? (
          <>
            <dt className="text-muted">Issued by</dt>
            <dd className="text-ink">{doc.issuingCountry}</dd>
          </>
        ) : null}
        {doc.issueDate ? (
          <>
            <dt className="text-muted">Issued</dt>
            <dd className="text-ink">{formatDate(doc.issueDate)}</dd>
          </>
        ) : null}
        {doc.expiryDate ? (
          <>
            <dt className="text-muted">Expires</dt>
            <dd className={notice?.tone === 'danger' ? 'font-medium text-danger-600' : notice?.tone === 'warning' ? 'font-medium text-amber-800' : 'text-ink'}>
              {formatDate(doc.expiryDate)}
            </dd>
          </>
        ) : null}
      </dl>
      {notice ? (
        <Badge tone={notice.tone} className="mt-3 self-start">
          {notice.text}
        </Badge>
      ) : null}
      <DocumentNotes doc={doc} />
      <NeedsConnection id={offlineId} action="Editing or deleting a document" className="mt-3 text-sm text-muted" />
      <div className="mt-auto flex gap-2 pt-3">
        <Button variant="secondary" {...serverOnly} onClick={onEdit} aria-label={`Edit ${doc.documentName}`}>
          Edit
        </Button>
        <Button variant="ghost" {...serverOnly} onClick={onDelete} aria-label={`Delete ${doc.documentName}`}>
          Delete
        </Button>
      </div>
    </Card>
  );
}
