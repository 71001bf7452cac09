import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useId, useRef, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import {
  createTripRequestInput,
  customExperienceOptions,
  preferredActivities,
  travelStyles,
  tripBudget,
  tripParty,
  type CustomExperience as Experience,
  type PreferredActivity as Activity,
  type TravelStyle,
} from '@naav/schemas/trip-requests';
import { Icon } from '~/components/icon';
import { formatWholeMoney } from '~/lib/money';
import { useTRPC } from '~/lib/trpc';
import { schemaValidator, sendAndConfirm, submitWith, useAppForm } from '~/components/form';
import { controlClasses, focusFirstInvalid } from '~/components/form-controls';
import { DestinationZoneField } from '~/components/destination-zone-field';
import { localToday } from '~/components/availability/availability-labels';
import { usePlaceLookup } from '~/components/use-place-lookup';
import { PillChoices, Stepper } from './planner-controls';

export const travelStyleLabels: Record<TravelStyle, string> = {
  luxury: 'Luxury',
  boutique: 'Boutique',
  adventure: 'Adventure',
  cultural: 'Cultural',
  eco: 'Eco',
  budget: 'Budget',
};

const activityLabels: Record<Activity, string> = {
  beach: 'Beach',
  cultural: 'Cultural',
  adventure: 'Adventure',
  foodie: 'Foodie',
};

/** "$5,000"; the top of the slider means "or more": "$20,000+". */
export function budgetLabel(amount: number): string {
  return `${formatWholeMoney(amount)}${amount >= tripBudget.max ? '+' : ''}`;
}

const party = {
  adults: { ...tripParty.adults, label: 'Adults', fewer: 'Fewer adults', more: 'More adults' },
  children: { ...tripParty.children, label: 'Children', fewer: 'Fewer children', more: 'More children' },
  rooms: { ...tripParty.rooms, label: 'Rooms', fewer: 'Fewer rooms', more: 'More rooms' },
} as const;
type PartyKey = keyof typeof party;

interface PlannerValues {
  destination: string;
  startDate: string;
  endDate: string;
  budget: number;
  travelStyle: TravelStyle;
  activities: Activity[];
  customExperiences: Experience[];
  notes: string;
  adults: number;
  children: number;
  rooms: number;
  /** The zone the traveller picked ('' for "Not sure yet"); null until then, when the destination's is used. */
  timeZone: string | null;
}

const emptyPlan = (): PlannerValues => ({
  destination: '',
  startDate: '',
  endDate: '',
  budget: tripBudget.initial,
  travelStyle: 'luxury',
  activities: [],
  customExperiences: [],
  notes: '',
  adults: party.adults.initial,
  children: party.children.initial,
  rooms: party.rooms.initial,
  timeZone: null,
});

/** What each required field says when left blank; any other problem is the server's own message. */
const blankMessages = {
  destination: 'Destination is required',
  startDate: 'Start date is required',
  endDate: 'End date is required',
};

export const confirmationText = 'Trip planning request submitted! A travel concierge will contact you shortly.';

export function TripPlannerForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  // The experience picked in the list before Add puts it on the request.
  const [experienceChoice, setExperienceChoice] = useState('');
  const create = useMutation(trpc.tripRequests.create.mutationOptions());

  /** The request: the traveller's zone, or else the destination's (asked of the server, which holds the city table). */
  const toRequest = ({ timeZone: chosen, ...values }: PlannerValues) => ({
    ...values,
    timeZone: (chosen ?? placeZone) || undefined,
  });
  const form = useAppForm({
    defaultValues: emptyPlan(),
    validators: { onSubmit: schemaValidator(createTripRequestInput, toRequest, blankMessages) },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const sent = await sendAndConfirm(form, () => create.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not send the request',
        focusIn: formRef.current,
        quietWhenOnFields: true,
        success: { title: confirmationText },
        onDone: () => {
          form.reset();
          setExperienceChoice('');
        },
      });
      if (sent) await queryClient.invalidateQueries({ queryKey: trpc.tripRequests.list.queryKey() });
    },
  });
  const destination = useStore(form.store, (state) => state.values.destination);
  const startDate = useStore(form.store, (state) => state.values.startDate);
  const place = usePlaceLookup(destination);
  const placeZone = place?.timeZone ?? '';

  const onSubmit = submitWith(form);

  const today = localToday();
  return (
    <Card as="section" aria-labelledby={`${ids}-heading`} className="p-5">
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-ink">
        Ask the travel team to plan it
      </h2>
      <p className="mt-1 text-sm text-muted">
        Tell us what you have in mind; a travel concierge will shape it into a proposal.
      </p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <form.AppField name="destination">
          {(field) => (
            <field.TextField label="Destination" required maxLength={120} placeholder="e.g. Amalfi Coast, Italy" />
          )}
        </form.AppField>
        <form.AppField name="timeZone">
          {(field) => (
            <DestinationZoneField
              field={field}
              placeZone={placeZone}
              placeName={place?.place ? `${place.place.name}, ${place.place.country}` : null}
            />
          )}
        </form.AppField>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <form.AppField name="startDate">
            {(field) => <field.DateField label="Start date" required min={today} />}
          </form.AppField>
          <form.AppField name="endDate">
            {(field) => <field.DateField label="End date" required min={startDate || today} />}
          </form.AppField>
        </div>

        <form.AppField name="budget">
          {(field) => (
            <div>
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={`${ids}-budget`} className="text-sm font-medium text-ink">
                  Budget
                </label>
                <output htmlFor={`${ids}-budget`} className="font-semibold text-brand-700">
                  {budgetLabel(field.state.value)}
                </output>
              </div>
              <input
                id={`${ids}-budget`}
                type="range"
                name={field.name}
                min={tripBudget.min}
                max={tripBudget.max}
                step={tripBudget.step}
                value={field.state.value}
                aria-valuetext={budgetLabel(field.state.value)}
                onChange={(e) => field.handleChange(Number(e.target.value))}
                onBlur={field.handleBlur}
                className="mt-2 h-11 w-full cursor-pointer accent-brand-600"
              />
              <div aria-hidden="true" className="flex justify-between text-xs text-muted">
                <span>$1,000</span>
                <span>20,000+</span>
              </div>
            </div>
          )}
        </form.AppField>

        <form.AppField name="travelStyle">
          {(field) => (
            <PillChoices
              legend="Travel style"
              options={travelStyles}
              labels={travelStyleLabels}
              name={`${ids}-style`}
              value={field.state.value}
              onChange={field.handleChange}
            />
          )}
        </form.AppField>

        <form.AppField name="activities">
          {(field) => (
            <PillChoices
              legend="Preferred activities"
              options={preferredActivities}
              labels={activityLabels}
              value={field.state.value}
              onChange={field.handleChange}
            />
          )}
        </form.AppField>

        <form.AppField name="customExperiences">
          {(field) => {
            const chosen = field.state.value;
            const remaining = customExperienceOptions.filter((o) => !chosen.includes(o));
            const addExperience = () => {
              const choice = experienceChoice as Experience;
              // The list only offers what is not chosen yet, so a duplicate cannot get in.
              if (!choice || chosen.includes(choice)) return;
              field.handleChange([...chosen, choice]);
              setExperienceChoice('');
            };
            return (
              <div>
                <label htmlFor={`${ids}-experience`} className="block text-sm font-medium text-ink">
                  Custom experiences <span className="font-normal text-muted">(optional)</span>
                </label>
                <div className="mt-1 flex gap-2">
                  <select
                    id={`${ids}-experience`}
                    value={experienceChoice}
                    disabled={remaining.length === 0}
                    onChange={(e) => setExperienceChoice(e.target.value)}
                    className={`${controlClasses} mt-0 border-slate-300`}
                  >
                    <option value="">
                      {remaining.length === 0 ? 'All experiences added' : 'Choose an experience'}
                    </option>
                    {remaining.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="secondary"
                    onClick={addExperience}
                    disabled={!experienceChoice}
                    aria-label="Add experience"
                  >
                    Add
                  </Button>
                </div>
                {chosen.length > 0 ? (
                  <ul aria-label="Chosen experiences" className="mt-3 flex flex-wrap gap-2">
                    {chosen.map((experience) => (
                      <li
                        key={experience}
                        className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-200"
                      >
                        {experience}
                        <button
                          type="button"
                          aria-label={`Remove ${experience}`}
                          onClick={() => field.handleChange(chosen.filter((x) => x !== experience))}
                          className="-my-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-100 sm:my-0 sm:size-7 focus-visible:outline-2 focus-visible:outline-brand-600"
                        >
                          <Icon name="close" className="size-3.5" />
                        </button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          }}
        </form.AppField>

        <form.AppField name="notes">
          {(field) => <field.TextAreaField label="Additional notes" optional maxLength={2000} />}
        </form.AppField>

        <fieldset>
          <legend className="text-sm font-medium text-ink">Travel party</legend>
          <div className="mt-2 grid gap-2">
            {(Object.keys(party) as PartyKey[]).map((key) => (
              <form.AppField key={key} name={key}>
                {(field) => (
                  <Stepper {...party[key]} value={field.state.value} onChange={(n) => field.handleChange(n)} />
                )}
              </form.AppField>
            ))}
          </div>
        </fieldset>

        <form.AppForm>
          <form.SubmitButton
            className="w-full"
            busy={create.isPending}
            label="Submit Trip Request"
            busyLabel="Sending…"
          />
        </form.AppForm>
      </form>
    </Card>
  );
}

// Radio and checkbox pills: the native input is visually hidden but keeps keyboard use and focus.
