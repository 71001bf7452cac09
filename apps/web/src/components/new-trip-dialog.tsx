import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { currencies, isExpenseCurrency } from '@naav/schemas/budget';
import { createTripInput } from '@naav/schemas/trips';
import { ownImageHint } from '../lib/own-image';
import { toMinorUnits } from '../lib/money';
import { useTRPC } from '../lib/trpc';
import { sendForm, firstError, schemaValidator, submitWith, useAppForm } from './form';
import { DestinationZoneField } from './destination-zone-field';
import { focusFirstInvalid, SelectInput } from './form-controls';
import { usePlaceLookup } from './use-place-lookup';

interface NewTripValues {
  title: string;
  destination: string;
  startDate: string;
  endDate: string;
  /** The zone the traveller picked; null until then, when the destination's is used. */
  timeZone: string | null;
  /** The currency the traveller picked; null until then, when the destination's is suggested (else USD). */
  baseCurrency: string | null;
  /** Whole units of the base currency as typed ("250000"); sent as minor units. */
  budget: string;
  imageUrl: string;
  description: string;
}

const emptyTrip = (): NewTripValues => ({
  title: '',
  destination: '',
  startDate: '',
  endDate: '',
  timeZone: null,
  baseCurrency: null,
  budget: '',
  imageUrl: '',
  description: '',
});

/** What each required field says when left blank; any other problem is the server's own message. */
const blankMessages = {
  title: 'Enter a title',
  destination: 'Enter a destination',
  location: 'Enter a destination',
  startDate: 'Choose a start date',
  endDate: 'Choose an end date',
};

/** The request fields typed into a form field of another name. */
const fieldOf = { location: 'destination', budgetTotal: 'budget' } as const;

const currencyOptions = Object.fromEntries(currencies.map((c) => [c.code, `${c.code} · ${c.name}`]));

/** "New trip": the traveller makes a trip themselves, then lands on its page to fill it. */
export function NewTripDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New trip"
      description="Make the trip yourself; you can add its events and companions next."
      size="lg"
    >
      {/* Mounted only while open, so every opening starts blank. */}
      {open ? <NewTripForm onDone={onClose} /> : null}
    </Dialog>
  );
}

function NewTripForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useMutation(trpc.trips.create.mutationOptions());

  /** The request: the destination is also the trip's location; unpicked zone and currency follow the destination. */
  const toRequest = ({
    timeZone: chosenZone,
    baseCurrency: chosenCurrency,
    budget,
    destination,
    ...values
  }: NewTripValues) => ({
    ...values,
    destination,
    location: destination,
    timeZone: (chosenZone ?? placeZone) || undefined,
    baseCurrency: chosenCurrency ?? suggestedCurrency,
    budgetTotal: toMinorUnits(budget),
  });
  const form = useAppForm({
    defaultValues: emptyTrip(),
    validators: { onSubmit: schemaValidator(createTripInput, toRequest, blankMessages, fieldOf) },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => create.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not create the trip',
        fieldOf,
        focusIn: formRef.current,
        quietWhenOnFields: true,
      });
      if (!sent.ok) return;
      const trip = sent.value;
      toast({ title: `${trip.title} created`, description: 'Add its events and companions here.', tone: 'success' });
      onDone();
      void queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
      await navigate({ to: '/trips/$id', params: { id: trip.id } });
    },
  });
  const destination = useStore(form.store, (state) => state.values.destination);
  const startDate = useStore(form.store, (state) => state.values.startDate);
  const chosenCurrency = useStore(form.store, (state) => state.values.baseCurrency);
  const place = usePlaceLookup(destination);
  const placeZone = place?.timeZone ?? '';
  const suggestedCurrency = place?.currency && isExpenseCurrency(place.currency) ? place.currency : 'USD';
  const baseCurrency = chosenCurrency ?? suggestedCurrency;
  const placeName = place?.place ? `${place.place.name}, ${place.place.country}` : null;

  const onSubmit = submitWith(form);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <form.AppField name="title">
        {(field) => (
          <field.TextField
            label="Title"
            className="sm:col-span-2"
            required
            maxLength={120}
            placeholder="e.g. Tokyo in spring"
          />
        )}
      </form.AppField>
      <form.AppField name="destination">
        {(field) => (
          <field.TextField
            label="Destination"
            className="sm:col-span-2"
            required
            maxLength={120}
            placeholder="e.g. Tokyo, Japan"
            autoComplete="off"
          />
        )}
      </form.AppField>
      <form.AppField name="startDate">{(field) => <field.DateField label="Start date" required />}</form.AppField>
      <form.AppField name="endDate">
        {(field) => <field.DateField label="End date" required min={startDate || undefined} />}
      </form.AppField>
      <form.AppField name="timeZone">
        {(field) => (
          <DestinationZoneField field={field} placeZone={placeZone} placeName={placeZone ? placeName : null} />
        )}
      </form.AppField>
      <form.AppField name="baseCurrency">
        {(field) => (
          <SelectInput
            label="Base currency"
            name={field.name}
            value={baseCurrency}
            onChange={(e) => field.handleChange(e.target.value)}
            onBlur={field.handleBlur}
            hint={
              field.state.value === null && place?.currency === suggestedCurrency && placeName
                ? `Suggested for ${placeName}`
                : 'The currency the budget is kept in'
            }
            error={firstError(field.state.meta)}
          >
            {Object.entries(currencyOptions).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </SelectInput>
        )}
      </form.AppField>
      <form.AppField name="budget">
        {(field) => (
          <field.NumberField
            label={`Budget (${baseCurrency})`}
            optional
            min={0}
            step="any"
            hint="The whole trip, in the base currency"
          />
        )}
      </form.AppField>
      <form.AppField name="imageUrl">
        {(field) => <field.TextField label="Image URL" optional maxLength={500} hint={ownImageHint} />}
      </form.AppField>
      <form.AppField name="description">
        {(field) => (
          <field.TextAreaField label="Description" optional className="sm:col-span-2" maxLength={2000} rows={3} />
        )}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busy={create.isPending} busyLabel="Creating…" label="Create trip" />
      </form.AppForm>
    </form>
  );
}
