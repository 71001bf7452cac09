import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { Trip } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage, fieldErrorsOf, schemaErrors } from '../../../components/api-errors';
import { focusFirstInvalid, FormButtons, TextArea, TextInput } from '../../../components/form-controls';
import { updateTripInput } from '@naav/schemas/trips';
import { ownImageHint } from '../../../lib/own-image';

const editable = [
  'title',
  'destination',
  'location',
  'startDate',
  'endDate',
  'accommodation',
  'transportation',
  'notes',
  'imageUrl',
  'hotelPhone',
  'conciergePhone',
] as const;
type Field = (typeof editable)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const valuesOf = (trip: Trip): Values =>
  Object.fromEntries(editable.map((field) => [field, trip[field] ?? ''])) as Values;

/** What each field says when left blank; any other problem is the server's own message. */
const blankMessages: Partial<Record<Field, string>> = {
  title: 'Enter a title',
  destination: 'Enter a destination',
  location: 'Enter a location',
  startDate: 'Choose a start date',
  endDate: 'Choose an end date',
};

/** The server's rules (the shared update schema), checked before sending so the message appears at once. */
const validateTrip = (id: string, v: Values): Errors => schemaErrors(updateTripInput, { id, ...v }, blankMessages);

export function EditTripDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit Trip Details" size="lg">
      {/* Mounted only while open, so every opening starts from the saved trip. */}
      {open ? <EditTripForm trip={trip} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditTripForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(trip));
  const [errors, setErrors] = useState<Errors>({});

  const update = useMutation(
    trpc.trips.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Trip details saved', tone: 'success' });
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstInvalid(formRef.current);
        } else {
          toast({ title: 'Could not save the trip', description: errorMessage(error), tone: 'destructive' });
        }
      },
    }),
  );

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateTrip(trip.id, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    update.mutate({ id: trip.id, ...values });
  }

  const field = (name: Field) => ({ value: values[name], onChange: set(name), error: errors[name] });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <TextInput label="Title" className="sm:col-span-2" required maxLength={120} {...field('title')} />
      <TextInput label="Destination" required maxLength={120} {...field('destination')} />
      <TextInput label="Location" required maxLength={160} hint="City and country, e.g. Lisbon, Portugal" {...field('location')} />
      <TextInput label="Start date" type="date" required {...field('startDate')} />
      <TextInput label="End date" type="date" required min={values.startDate || undefined} {...field('endDate')} />
      <TextInput label="Accommodation" optional maxLength={300} {...field('accommodation')} />
      <TextInput label="Transportation" optional maxLength={300} {...field('transportation')} />
      <TextInput label="Hotel phone" type="tel" optional maxLength={40} {...field('hotelPhone')} />
      <TextInput label="Concierge phone" type="tel" optional maxLength={40} {...field('conciergePhone')} />
      <TextInput
        label="Image URL"
        optional
        className="sm:col-span-2"
        maxLength={500}
        hint={ownImageHint}
        {...field('imageUrl')}
      />
      <TextArea label="Notes" optional className="sm:col-span-2" maxLength={2000} {...field('notes')} />
      <FormButtons onCancel={onDone} busy={update.isPending} busyLabel="Saving…" label="Save Changes" />
    </form>
  );
}
