import { Button } from '@naav/ui/button';
import { useState, type FormEvent } from 'react';
import { TextArea } from '../../../components/form-controls';
import { WaitingToSync } from '../../../components/waiting-to-sync';
import { useQueuedWrite, useWaitingWrites } from '../../../lib/use-queued-writes';
import type { DocumentSummary } from './document-labels';

/**
 * A document's notes on its card, editable alone. Saving goes through the queued writes, so it
 * works without a network: the new notes show at once, marked "Waiting to sync", and are sent
 * once when the network returns. (The full edit needs the full document number, which this
 * device never keeps, so it needs a connection.)
 */
export function DocumentNotes({ doc }: { doc: DocumentSummary }) {
  const waiting = useWaitingWrites('documents.setNotes').filter((write) => write.input.id === doc.id);
  const pendingNotes = waiting.at(-1)?.input.notes;
  const notes = waiting.length > 0 ? (pendingNotes ?? '') : (doc.notes ?? '');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const save = useQueuedWrite('documents.setNotes', {
    onSuccess: () => setDraft(null),
    onQueued: () => setDraft(null),
    onError: (e) => setError(e.message || 'Failed to save the notes. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    if (draft.length > 2000) {
      setError('Notes must be at most 2000 characters');
      return;
    }
    setError(undefined);
    save.mutate({ id: doc.id, notes: draft.trim() === '' ? null : draft.trim() });
  };

  if (draft !== null) {
    return (
      <form className="mt-3 space-y-2" onSubmit={submit} aria-label={`Notes for ${doc.documentName}`}>
        <TextArea
          label="Notes"
          value={draft}
          error={error}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setDraft(null);
            }
          }}
          autoFocus
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save notes'}
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="mt-3 text-sm">
      {notes ? <p className="break-words whitespace-pre-line text-muted">{notes}</p> : null}
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          onClick={() => {
            setError(undefined);
            setDraft(notes);
          }}
          aria-label={`${notes ? 'Edit notes of' : 'Add notes to'} ${doc.documentName}`}
        >
          {notes ? 'Edit notes' : 'Add notes'}
        </Button>
        {waiting.length > 0 ? <WaitingToSync /> : null}
      </div>
    </div>
  );
}
