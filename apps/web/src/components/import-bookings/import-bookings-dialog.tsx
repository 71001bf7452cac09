import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '../api-errors';
import { TextArea } from '../form-controls';
import { Icon } from '../icon';
import { LoadingBlock } from '../loading-block';
import type { RouterInputs, RouterOutputs, Trip } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { BookingCard, bookingDays, Checkbox, type BookingDraft } from './booking-card';

type Preview = RouterOutputs['bookings']['preview'];
type ImportInput = RouterInputs['bookings']['import'];

// The server checks the same limits; checking here saves a wasted upload.
const maxFiles = 10;
const maxBytes = 5 * 1024 * 1024;
const accepted = '.eml,.html,.htm,.ics,.pkpass,.json,.jsonld,.txt,message/rfc822,text/calendar,application/vnd.apple.pkpass';

/** Multipart is not tRPC: the server's preview route takes one `file` field per file. */
async function previewFiles(tripId: string, files: File[]): Promise<Preview> {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  const response = await fetch(new URL(`/api/trips/${encodeURIComponent(tripId)}/bookings/preview`, window.location.href), {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  const body = (await response.json().catch(() => null)) as (Preview & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message ?? `The files could not be read (${response.status})`);
  return body;
}

/** "file: notes.pdf is not …" → "notes.pdf is not …": shown under the control it names. */
const withoutField = (message: string) => message.replace(/^(file|text|bookings(\.\d+)?): /, '');

/**
 * Import booking: drop or choose confirmation e-mails, pages, calendar files and wallet
 * passes (or paste an e-mail), review what was found as editable cards, add to the trip.
 */
export function ImportBookingsDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Import booking" description={`Add flights, stays, cars, trains, tables and tickets to ${trip.title}.`} size="lg">
      {open ? <ImportBookings trip={trip} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ImportBookings({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ drafts: BookingDraft[]; warnings: Preview['warnings'] } | null>(null);
  const [extendTrip, setExtendTrip] = useState(false);
  const reviewHeading = useRef<HTMLHeadingElement>(null);

  const showPreview = (result: Preview) => {
    setProblem(null);
    setPreview({
      drafts: result.bookings.map((booking, i) => ({ key: `${i}-${booking.type}-${booking.start}`, booking, include: true, addExpense: false })),
      warnings: result.warnings,
    });
  };
  const fromFiles = useMutation({ mutationFn: (files: File[]) => previewFiles(trip.id, files), onSuccess: showPreview, onError: (e) => setProblem(withoutField(errorMessage(e))) });
  const fromText = useMutation(trpc.bookings.preview.mutationOptions({ onSuccess: showPreview, onError: (e) => setProblem(withoutField(errorMessage(e))) }));
  const reading = fromFiles.isPending || fromText.isPending;
  // What was found is announced by moving focus to its heading once it is on screen.
  const reviewing = preview !== null && !reading;
  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);

  const importMutation = useMutation(
    trpc.bookings.import.mutationOptions({
      onSuccess: async (result) => {
        const added = result.events.length;
        const notes = result.results.filter((r) => r.status !== 'added').map((r) => r.message);
        toast({
          title: added === 1 ? '1 event added' : `${added} events added`,
          description: [result.expenses.length ? `${result.expenses.length} expense${result.expenses.length === 1 ? '' : 's'} added` : null, ...notes].filter(Boolean).join('. ') || undefined,
          tone: 'success',
        });
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.expenses.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.budget.pathKey() });
      },
      onError: (error) => setProblem(withoutField(errorMessage(error))),
    }),
  );

  const readFiles = (list: FileList | File[] | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    if (files.length > maxFiles) return setProblem(`Choose at most ${maxFiles} files at a time.`);
    const tooBig = files.find((f) => f.size > maxBytes);
    if (tooBig) return setProblem(`${tooBig.name} is larger than 5 MB.`);
    fromFiles.mutate(files);
  };
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so that choosing the same file again fires another change.
    event.target.value = '';
    readFiles(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    readFiles(event.dataTransfer.files);
  };

  if (reading) return <LoadingBlock text="Reading your bookings..." rows={3} />;

  if (!preview) {
    return (
      <div className="space-y-5">
        <fieldset
          aria-label="Drop booking files here"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex min-w-0 flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-canvas'}`}
        >
          <Icon name="document" className="size-8 text-brand-700" />
          <p className="font-medium text-ink">Drop confirmation e-mails, pages, calendar files or wallet passes here</p>
          <p id={hintId} className="text-sm text-muted">
            .eml, .html, .ics, .pkpass or .json: up to {maxFiles} files of 5 MB each.
          </p>
          <label className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600">
            Choose files
            <input
              type="file"
              multiple
              accept={accepted}
              className="sr-only"
              onChange={onChoose}
              aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
              aria-invalid={problem ? true : undefined}
            />
          </label>
        </fieldset>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!text.trim()) return setProblem('Paste an e-mail or page first.');
            fromText.mutate({ id: trip.id, text });
          }}
        >
          <TextArea
            label="Or paste an e-mail or page"
            hint="The message source (Show original, View source) or the page's HTML."
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Read pasted text</Button>
          </div>
        </form>
        {problem ? (
          <p id={errorId} role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
            {problem}
          </p>
        ) : null}
      </div>
    );
  }

  const chosen = preview.drafts.filter((d) => d.include);
  const anyOutside = chosen.some((d) => !d.booking.cancelled && bookingDays(d.booking, trip.timeZone).some((day) => day < trip.startDate || day > trip.endDate));
  const submit = () => {
    const bookings: ImportInput['bookings'] = chosen.map((d) => ({ ...d.booking, addExpense: d.addExpense && d.booking.price !== null }));
    importMutation.mutate({ id: trip.id, bookings, extendTrip: anyOutside && extendTrip });
  };
  const update = (next: BookingDraft) => setPreview({ ...preview, drafts: preview.drafts.map((d) => (d.key === next.key ? next : d)) });

  return (
    <div className="space-y-4">
      <h3 ref={reviewHeading} tabIndex={-1} className="font-display text-lg font-semibold text-ink focus:outline-none">
        {preview.drafts.length === 0 ? 'No bookings found' : preview.drafts.length === 1 ? '1 booking found' : `${preview.drafts.length} bookings found`}
      </h3>
      <p className="text-sm text-muted">Times are in the trip’s time zone ({trip.timeZone.replaceAll('_', ' ')}). Check and change anything before adding.</p>
      {preview.warnings.length > 0 ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Problems with your files</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {preview.warnings.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one preview's warnings, shown and replaced as a whole; two may read the same
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="space-y-4" aria-label="Bookings found">
        {preview.drafts.map((draft, i) => (
          <BookingCard key={draft.key} draft={draft} index={i} trip={trip} onChange={update} />
        ))}
      </ul>
      {anyOutside ? (
        <Checkbox label="Extend the trip’s dates to take in every booking" checked={extendTrip} onChange={setExtendTrip} />
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={() => setPreview(null)}>
          Choose other files
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={chosen.length === 0 || importMutation.isPending}>
            {importMutation.isPending ? 'Adding…' : 'Add to trip'}
          </Button>
        </div>
      </div>
    </div>
  );
}
