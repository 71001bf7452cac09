import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { schemaValidator, sendAndConfirm, submitWith, useAppForm } from '~/components/form';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { documentInput } from '@naav/schemas/documents';
import { documentTypeLabels, missingRequired, type DocumentSummary, type DocumentType } from './document-labels';
import { QueryState } from '~/components/query-state';

type DocumentDetail = RouterOutputs['documents']['byId'];

/** Add a document, or edit one (its full number is read from the server for the edit and shown on request). */
export function DocumentDialog({
  open,
  onClose,
  doc,
}: {
  open: boolean;
  onClose: () => void;
  doc: DocumentSummary | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={doc ? 'Edit Document' : 'Add Document'} size="md">
      {open ? (
        doc ? (
          <EditDocument id={doc.id} onDone={onClose} />
        ) : (
          <DocumentForm initial={null} onDone={onClose} />
        )
      ) : null}
    </Dialog>
  );
}

function EditDocument({ id, onDone }: { id: string; onDone: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.documents.byId.queryOptions({ id }), staleTime: 0, gcTime: 0 });
  return (
    <QueryState query={detail} loading={{ text: 'Loading the document...', rows: 2 }} error={{ what: 'this document' }}>
      {(data) => <DocumentForm initial={data} onDone={onDone} />}
    </QueryState>
  );
}

interface DocumentValues {
  documentType: DocumentType | '';
  documentName: string;
  documentNumber: string;
  issueDate: string;
  expiryDate: string;
  issuingCountry: string;
  notes: string;
}

const toRequest = (value: DocumentValues) => ({
  documentType: value.documentType as DocumentType,
  documentName: value.documentName.trim(),
  documentNumber: value.documentNumber.trim(),
  issueDate: value.issueDate || null,
  expiryDate: value.expiryDate || null,
  issuingCountry: value.issuingCountry.trim() || null,
  notes: value.notes.trim() || null,
});

function DocumentForm({ initial, onDone }: { initial: DocumentDetail | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  // Whether the number reads in clear (UI state: a new number is typed in clear, a saved one hidden until asked).
  const [showNumber, setShowNumber] = useState(!initial);
  const create = useMutation(trpc.documents.create.mutationOptions());
  const update = useMutation(trpc.documents.update.mutationOptions());

  const defaultValues: DocumentValues = {
    documentType: initial?.documentType ?? '',
    documentName: initial?.documentName ?? '',
    documentNumber: initial?.documentNumber ?? '',
    issueDate: initial?.issueDate ?? '',
    expiryDate: initial?.expiryDate ?? '',
    issuingCountry: initial?.issuingCountry ?? '',
    notes: initial?.notes ?? '',
  };
  const form = useAppForm({
    defaultValues,
    // What the server would say, on its fields ('Required' for the three the dialog needs; an expiry before the issue date).
    validators: { onSubmit: schemaValidator(documentInput, toRequest, { documentType: 'Required' }) },
    // The spec's toast when one of the three is missing.
    onSubmitInvalid: ({ value }) => {
      if (missingRequired(value))
        toast.toast({
          title: 'Validation Error',
          description: 'Please fill in all required fields.',
          tone: 'destructive',
        });
    },
    onSubmit: async ({ value }) => {
      await sendAndConfirm(
        form,
        () =>
          initial ? update.mutateAsync({ id: initial.id, ...toRequest(value) }) : create.mutateAsync(toRequest(value)),
        {
          toast: toast.toast,
          title: 'Error',
          description: initial
            ? 'Failed to update document. Please try again.'
            : 'Failed to create document. Please try again.',
          refetch: () => queryClient.invalidateQueries(trpc.documents.pathFilter()),
          success: { title: initial ? 'Document updated successfully' : 'Document created successfully' },
          onDone,
        },
      );
    },
  });

  return (
    <form
      onSubmit={submitWith(form)}
      noValidate
      className="space-y-4"
      aria-label={initial ? 'Edit document' : 'Add document'}
    >
      <form.AppField name="documentType">
        {(field) => (
          <field.SelectField label="Document Type" options={documentTypeLabels}>
            <option value="">Select a type</option>
          </field.SelectField>
        )}
      </form.AppField>
      <form.AppField name="documentName">
        {(field) => <field.TextField label="Document Name" maxLength={200} placeholder="e.g. UK Passport" />}
      </form.AppField>
      <div className="flex items-end gap-2">
        <form.AppField name="documentNumber">
          {(field) => (
            <field.TextField
              className="flex-1"
              label="Document Number"
              type={showNumber ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
            />
          )}
        </form.AppField>
        {initial ? (
          <Button
            variant="secondary"
            className="mb-0.5 min-h-11"
            onClick={() => setShowNumber((s) => !s)}
            aria-pressed={showNumber}
          >
            {showNumber ? 'Hide number' : 'Show number'}
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="issueDate">{(field) => <field.DateField label="Issue Date" optional />}</form.AppField>
        <form.AppField name="expiryDate">{(field) => <field.DateField label="Expiry Date" optional />}</form.AppField>
      </div>
      <form.AppField name="issuingCountry">
        {(field) => <field.TextField label="Issuing Country" optional maxLength={100} />}
      </form.AppField>
      <form.AppField name="notes">{(field) => <field.NotesField />}</form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Saving…" label={initial ? 'Save Changes' : 'Add Document'} />
      </form.AppForm>
    </form>
  );
}
