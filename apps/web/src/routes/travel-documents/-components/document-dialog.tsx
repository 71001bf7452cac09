import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { fieldErrorsOf } from '../../../components/api-errors';
import { FormButtons, SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { documentTypeLabels, documentTypes, missingRequired, type DocumentSummary, type DocumentType } from './document-labels';

type DocumentDetail = RouterOutputs['documents']['byId'];

/** Add a document, or edit one (its full number is read from the server for the edit and shown on request). */
export function DocumentDialog({ open, onClose, doc }: { open: boolean; onClose: () => void; doc: DocumentSummary | null }) {
  return (
    <Dialog open={open} onClose={onClose} title={doc ? 'Edit Document' : 'Add Document'} size="md">
      {open ? doc ? <EditDocument id={doc.id} onDone={onClose} /> : <DocumentForm initial={null} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditDocument({ id, onDone }: { id: string; onDone: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.documents.byId.queryOptions({ id }), staleTime: 0, gcTime: 0 });
  if (detail.isPending) return <LoadingBlock text="Loading the document..." rows={2} />;
  if (detail.isError) return <LoadError what="this document" onRetry={() => void detail.refetch()} />;
  return <DocumentForm initial={detail.data} onDone={onDone} />;
}

function DocumentForm({ initial, onDone }: { initial: DocumentDetail | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [documentType, setType] = useState<DocumentType | ''>(initial?.documentType ?? '');
  const [documentName, setName] = useState(initial?.documentName ?? '');
  const [documentNumber, setNumber] = useState(initial?.documentNumber ?? '');
  const [showNumber, setShowNumber] = useState(!initial);
  const [issueDate, setIssueDate] = useState(initial?.issueDate ?? '');
  const [expiryDate, setExpiryDate] = useState(initial?.expiryDate ?? '');
  const [issuingCountry, setCountry] = useState(initial?.issuingCountry ?? '');
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const refresh = () => queryClient.invalidateQueries(trpc.documents.pathFilter());
  const create = useMutation(
    trpc.documents.create.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.toast({ title: 'Document created successfully', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Error', description: 'Failed to create document. Please try again.', tone: 'destructive' });
      },
    }),
  );
  const update = useMutation(
    trpc.documents.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.toast({ title: 'Document updated successfully', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Error', description: 'Failed to update document. Please try again.', tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missingRequired({ documentType, documentName, documentNumber }) || !documentType) {
      toast.toast({ title: 'Validation Error', description: 'Please fill in all required fields.', tone: 'destructive' });
      setErrors({
        ...(documentType ? {} : { documentType: 'Required' }),
        ...(documentName.trim() ? {} : { documentName: 'Required' }),
        ...(documentNumber.trim() ? {} : { documentNumber: 'Required' }),
      });
      return;
    }
    setErrors({});
    const body = {
      documentType,
      documentName: documentName.trim(),
      documentNumber: documentNumber.trim(),
      issueDate: issueDate || null,
      expiryDate: expiryDate || null,
      issuingCountry: issuingCountry.trim() || null,
      notes: notes.trim() || null,
    };
    if (initial) update.mutate({ id: initial.id, ...body });
    else create.mutate(body);
  };

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={initial ? 'Edit document' : 'Add document'}>
      <SelectInput label="Document Type" value={documentType} onChange={(e) => setType(e.target.value as DocumentType | '')} error={errors['documentType']}>
        <option value="">Select a type</option>
        {documentTypes.map((t) => (
          <option key={t} value={t}>
            {documentTypeLabels[t]}
          </option>
        ))}
      </SelectInput>
      <TextInput label="Document Name" value={documentName} onChange={(e) => setName(e.target.value)} error={errors['documentName']} maxLength={200} placeholder="e.g. UK Passport" />
      <div className="flex items-end gap-2">
        <TextInput
          className="flex-1"
          label="Document Number"
          type={showNumber ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={documentNumber}
          onChange={(e) => setNumber(e.target.value)}
          error={errors['documentNumber']}
          maxLength={100}
        />
        {initial ? (
          <Button variant="secondary" className="mb-0.5 min-h-11" onClick={() => setShowNumber((s) => !s)} aria-pressed={showNumber}>
            {showNumber ? 'Hide number' : 'Show number'}
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Issue Date" optional type="date" value={issueDate} onChange={(e) => setIssueDate(e.target.value)} error={errors['issueDate']} />
        <TextInput label="Expiry Date" optional type="date" value={expiryDate} onChange={(e) => setExpiryDate(e.target.value)} error={errors['expiryDate']} />
      </div>
      <TextInput label="Issuing Country" optional value={issuingCountry} onChange={(e) => setCountry(e.target.value)} error={errors['issuingCountry']} maxLength={100} />
      <TextArea label="Notes" optional value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
      <FormButtons onCancel={onDone} busy={pending} busyLabel="Saving…" label={initial ? 'Save Changes' : 'Add Document'} />
    </form>
  );
}
