import { documentNotesInput } from '@naav/schemas/documents';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useState } from 'react';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { WaitingToSync } from '~/components/waiting-to-sync';
import { useQueuedWrite, useWaitingWrites } from '~/lib/use-queued-writes';
import type { DocumentSummary } from './document-labels';

/**
 * A document's notes on its card, editable alone. Saving goes through the queued writes, so it
 * works without a network: the new notes show at once, marked "Waiting to sync", and are sent
 * once when the network returns. (The full edit needs the full document number, which this
 * device never keeps, so it needs a connection.)
 */
export function DocumentNotes({ doc }: { doc: DocumentSummary }) {
  const waiting = useWaitingWrites('documents.setNotes').filter((write) => write.input.id === doc.id);
  const notes = waiting.length > 0 ? (waiting.at(-1)?.input.notes ?? '') : (doc.notes ?? '');
  const [editing, setEditing] = useState(false);

  if (editing) return <NotesForm doc={doc} notes={notes} onDone={() => setEditing(false)} />;
  return (
    <div className="mt-3 text-sm">
      {notes ? <p className="break-words whitespace-pre-line text-muted">{notes}</p> : null}
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" className="-ml-3" onClick={() => setEditing(true)} aria-label={`${notes ? 'Edit notes of' : 'Add notes to'} ${doc.documentName}`}>
          {notes ? 'Edit notes' : 'Add notes'}
        </Button>
        {waiting.length > 0 ? <WaitingToSync /> : null}
      </div>
    </div>
  );
}

/** The notes as the request sends them: trimmed, and none when left blank. */
const notesRequest = (id: string) => (values: { notes: string }) => ({ id, notes: values.notes.trim() === '' ? null : values.notes.trim() });

function NotesForm({ doc, notes, onDone }: { doc: DocumentSummary; notes: string; onDone: () => void }) {
  const save = useQueuedWrite('documents.setNotes');
  const toast = useToast();
  const toRequest = notesRequest(doc.id);
  const form = useAppForm({
    defaultValues: { notes },
    validators: { onSubmit: schemaValidator(documentNotesInput, toRequest) },
    onSubmit: async ({ value }) => {
      const report = { toast: toast.toast, title: 'Error', description: 'Failed to save the notes. Please try again.', quietWhenOnFields: true };
      // Stored, or kept to be sent once back online (shown "Waiting to sync"): done either way.
      if ((await sendForm(form, () => save.submit(toRequest(value)), report)).ok) onDone();
    },
  });
  return (
    <form noValidate className="mt-3 space-y-2" onSubmit={submitWith(form)} aria-label={`Notes for ${doc.documentName}`}>
      <form.AppField name="notes">
        {(field) => (
          <field.TextAreaField
            label="Notes"
            maxLength={2000}
            autoFocus
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              onDone();
            }}
          />
        )}
      </form.AppField>
      <div className="flex gap-2">
        <form.AppForm>
          <form.SubmitButton label="Save notes" busyLabel="Saving..." size="sm" />
        </form.AppForm>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
