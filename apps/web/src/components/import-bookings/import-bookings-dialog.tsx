import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import {
  importBookingsInput,
  maxBookingFileBytes as maxBytes,
  maxBookingFiles as maxFiles,
  previewTextInput,
} from '@naav/schemas/bookings';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldLabel } from '../api-errors';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from '../form';
import { Icon } from '../icon';
import { LoadingBlock } from '../loading-block';
import type { RouterInputs, RouterOutputs, Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { AddByHand, textOf } from './add-by-hand';
import { BookingCard, bookingDays, Checkbox, type BookingDraft } from './booking-card';
import { ForwardingAddress } from './forwarding-address';
import { previewFiles } from './preview-files';

type Preview = RouterOutputs['bookings']['preview'];
type ImportInput = RouterInputs['bookings']['import'];

// The server's own limits (maxFiles, maxBytes): checking here saves a wasted upload.
const accepted =
  '.eml,.html,.htm,.ics,.pkpass,.json,.jsonld,.txt,.pdf,.png,.jpg,.jpeg,message/rfc822,text/calendar,application/vnd.apple.pkpass,application/pdf,image/png,image/jpeg';

/** "file: notes.pdf is not …" → "notes.pdf is not …": shown under the control it names. */
const withoutField = (message: string) => message.replace(/^(file|text|bookings(\.\d+)?): /, '');

/** The review's values: the bookings found, as the traveller edits them, and whether to move the trip's dates. */
type Review = { drafts: BookingDraft[]; extendTrip: boolean };
const startOver: Review = { drafts: [], extendTrip: false };

const chosenOf = (drafts: BookingDraft[]) => drafts.filter((d) => d.include);
const outsideTrip = (drafts: BookingDraft[], trip: Trip) =>
  chosenOf(drafts).some(
    (d) => !d.booking.cancelled && bookingDays(d.booking).some((day) => day < trip.startDate || day > trip.endDate),
  );

/** What the import sends: the bookings chosen, each with its expense when it has a price, and extendTrip only when it matters. */
function importRequest(trip: Trip, { drafts, extendTrip }: Review): ImportInput {
  const bookings: ImportInput['bookings'] = chosenOf(drafts).map((d) => ({
    ...d.booking,
    addExpense: d.addExpense && d.booking.price !== null,
  }));
  return { id: trip.id, bookings, extendTrip: outsideTrip(drafts, trip) && extendTrip };
}

/**
 * The import request checked with the server's schema before sending: its first problem, naming
 * the booking and the field ("Title of booking 2: Required"), for the review's alert.
 */
function importProblem(trip: Trip, review: Review): string | undefined {
  const request = importRequest(trip, review);
  const result = importBookingsInput.safeParse(request);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return undefined;
  const [top, index, name] = issue.path;
  if (top !== 'bookings' || typeof index !== 'number') return issue.message;
  const title = request.bookings[index]?.title.trim();
  const booking = title ? `“${title}”` : `booking ${index + 1}`;
  return typeof name === 'string'
    ? `${fieldLabel(name)} of ${booking}: ${issue.message}`
    : `${booking}: ${issue.message}`;
}

/**
 * Import booking: drop or choose confirmation e-mails, pages, calendar files and wallet
 * passes (or paste an e-mail), review what was found as editable cards, add to the trip.
 */
export function ImportBookingsDialog({
  trip,
  open,
  onClose,
  onAddByHand,
}: {
  trip: Trip;
  open: boolean;
  onClose: () => void;
  /** When nothing could be read: add an event by hand, starting with the text that was read. */
  onAddByHand?: (description: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Import booking"
      description={`Add flights, stays, cars, trains, tables and tickets to ${trip.title}.`}
      size="lg"
    >
      {open ? <ImportBookings trip={trip} onClose={onClose} onAddByHand={onAddByHand} /> : null}
    </Dialog>
  );
}

function ImportBookings({
  trip,
  onClose,
  onAddByHand,
}: {
  trip: Trip;
  onClose: () => void;
  onAddByHand?: (description: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  // What went wrong reading files or asking the server, for the alert (the pasted text's own problems show on its field).
  const [problem, setProblem] = useState<string | null>(null);
  // The problems the server found with the files read; null until something was read.
  const [warnings, setWarnings] = useState<Preview['warnings'] | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  // What was read (pasted text, or the text of the files), kept for "Add it by hand".
  const [readText, setReadText] = useState('');
  const importMutation = useMutation(trpc.bookings.import.mutationOptions());

  const review = useAppForm({
    defaultValues: startOver,
    validators: { onSubmit: ({ value }) => importProblem(trip, value) },
    onSubmit: async ({ value }) => {
      setProblem(null);
      let result: Awaited<ReturnType<typeof importMutation.mutateAsync>>;
      try {
        result = await importMutation.mutateAsync(importRequest(trip, value));
      } catch (error) {
        setProblem(withoutField(errorMessage(error)));
        return;
      }
      const added = result.events.length;
      const notes = result.results.filter((r) => r.status !== 'added').map((r) => r.message);
      toast({
        title: added === 1 ? '1 event added' : `${added} events added`,
        description:
          [
            result.expenses.length
              ? `${result.expenses.length} expense${result.expenses.length === 1 ? '' : 's'} added`
              : null,
            ...notes,
          ]
            .filter(Boolean)
            .join('. ') || undefined,
        tone: 'success',
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.expenses.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.budget.pathKey() });
    },
  });

  const showPreview = (result: Preview) => {
    setProblem(null);
    // Set, not reset to them: the form's defaults stay the empty review, which it returns to on a re-render while untouched.
    review.reset(startOver);
    review.setFieldValue(
      'drafts',
      result.bookings.map((booking, i) => ({
        key: `${i}-${booking.type}-${booking.start}`,
        booking,
        include: true,
        addExpense: false,
      })),
    );
    setWarnings(result.warnings);
  };
  const fromFiles = useMutation({
    mutationFn: (files: File[]) => previewFiles(trip.id, files),
    onSuccess: showPreview,
    onError: (e) => setProblem(withoutField(errorMessage(e))),
  });
  const fromText = useMutation(trpc.bookings.preview.mutationOptions({ onSuccess: showPreview }));
  const paste = useAppForm({
    defaultValues: { text: '' },
    validators: {
      onSubmit: schemaValidator(previewTextInput, (values: { text: string }) => ({ id: trip.id, text: values.text }), {
        text: 'Paste an e-mail or page first.',
      }),
    },
    onSubmit: async ({ value }) => {
      setProblem(null);
      setReadText(value.text);
      try {
        await fromText.mutateAsync({ id: trip.id, text: value.text });
      } catch (error) {
        // A problem with the text goes under it; anything else in the alert.
        if (!applyServerErrors(paste, error)) setProblem(withoutField(errorMessage(error)));
      }
    },
  });
  const reading = fromFiles.isPending || fromText.isPending;
  // What was found is announced by moving focus to its heading once it is on screen.
  const reviewing = warnings !== null && !reading;
  useEffect(() => {
    if (reviewing) reviewHeading.current?.focus();
  }, [reviewing]);

  const drafts = useStore(review.store, (state) => state.values.drafts);
  const reviewAlert = useStore(review.store, (state) =>
    typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null,
  );

  const readFiles = (list: FileList | File[] | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    if (files.length > maxFiles) return setProblem(`Choose at most ${maxFiles} files at a time.`);
    const tooBig = files.find((f) => f.size > maxBytes);
    if (tooBig) return setProblem(`${tooBig.name} is larger than 5 MB.`);
    void textOf(files).then(setReadText);
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

  if (warnings === null) {
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
          <p className="font-medium text-ink">
            Drop confirmation e-mails, pages, calendar files, wallet passes, PDFs or boarding-pass photos here
          </p>
          <p id={hintId} className="text-sm text-muted">
            .eml, .html, .ics, .pkpass, .json, .txt, .pdf, .png or .jpg: up to {maxFiles} files of 5 MB each.
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
        <form className="space-y-3" noValidate onSubmit={submitWith(paste)}>
          <paste.AppField name="text">
            {(field) => (
              <field.TextAreaField
                label="Or paste an e-mail or page"
                hint="The message source (Show original, View source) or the page's HTML."
                rows={4}
              />
            )}
          </paste.AppField>
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
        <ForwardingAddress />
      </div>
    );
  }

  const chosen = chosenOf(drafts);
  const anyOutside = outsideTrip(drafts, trip);
  const alert = reviewAlert ?? problem;

  return (
    <div className="space-y-4">
      <h3 ref={reviewHeading} tabIndex={-1} className="font-display text-lg font-semibold text-ink focus:outline-none">
        {drafts.length === 0
          ? 'No bookings found'
          : drafts.length === 1
            ? '1 booking found'
            : `${drafts.length} bookings found`}
      </h3>
      <p className="text-sm text-muted">
        Times are local to where each booking happens. Check and change anything before adding.
      </p>
      {warnings.length > 0 ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Problems with your files</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {warnings.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one preview's warnings, shown and replaced as a whole; two may read the same
              <li key={i}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {drafts.length === 0 && onAddByHand ? (
        <AddByHand
          text={readText}
          onAdd={(description) => {
            onAddByHand(description);
            onClose();
          }}
        />
      ) : null}
      <review.Field name="drafts" mode="array">
        {(field) => (
          <ul className="space-y-4" aria-label="Bookings found">
            {field.state.value.map((draft, i) => (
              <BookingCard
                key={draft.key}
                draft={draft}
                index={i}
                trip={trip}
                onChange={(next) => field.replaceValue(i, next)}
              />
            ))}
          </ul>
        )}
      </review.Field>
      {anyOutside ? (
        <review.Field name="extendTrip">
          {(field) => (
            <Checkbox
              label="Extend the trip’s dates to take in every booking"
              checked={field.state.value}
              onChange={field.handleChange}
            />
          )}
        </review.Field>
      ) : null}
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="ghost"
          onClick={() => {
            setWarnings(null);
            review.reset(startOver);
          }}
        >
          Choose other files
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <review.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button onClick={() => void review.handleSubmit()} disabled={chosen.length === 0 || submitting}>
                {submitting ? 'Adding…' : 'Add to trip'}
              </Button>
            )}
          </review.Subscribe>
        </div>
      </div>
    </div>
  );
}
