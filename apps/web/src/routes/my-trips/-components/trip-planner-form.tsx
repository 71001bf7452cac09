import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
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
import { Icon } from '../../../components/icon';
import { formatWholeMoney } from '../../../lib/money';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage, fieldErrorsOf, schemaErrors } from '../../../components/api-errors';
import { controlClasses, focusFirstInvalid, SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import { localToday } from '../../../components/availability/availability-labels';
import { useSettled } from '../../../lib/use-settled';

export const travelStyleLabels: Record<TravelStyle, string> = {
  luxury: 'Luxury',
  boutique: 'Boutique',
  adventure: 'Adventure',
  cultural: 'Cultural',
  eco: 'Eco',
  budget: 'Budget',
};

const activityLabels: Record<Activity, string> = { beach: 'Beach', cultural: 'Cultural', adventure: 'Adventure', foodie: 'Foodie' };

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
}
type PlannerErrors = Partial<Record<keyof PlannerValues | 'timeZone', string>>;

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
});

/** What each required field says when left blank; any other problem is the server's own message. */
const blankMessages: PlannerErrors = {
  destination: 'Destination is required',
  startDate: 'Start date is required',
  endDate: 'End date is required',
};

/** Where the destination is, once the traveller has stopped typing; null while it is unknown. */
function usePlaceLookup(destination: string) {
  const trpc = useTRPC();
  const query = useSettled(destination.trim(), 400);
  const lookup = useQuery(
    trpc.places.lookup.queryOptions({ query }, { enabled: query.length >= 2, placeholderData: keepPreviousData, staleTime: Infinity }),
  );
  // A cleared field (or the form starting over) forgets the place at once, not after the pause.
  return query.length >= 2 && destination.trim().length >= 2 ? (lookup.data ?? null) : null;
}

/** Every zone the browser knows, plus the chosen one if the browser lists it under another name. */
function timeZoneOptions(chosen: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return chosen && !known.includes(chosen) ? [...known, chosen].sort() : known;
}

export const confirmationText = 'Trip planning request submitted! A travel concierge will contact you shortly.';

export function TripPlannerForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const [values, setValues] = useState<PlannerValues>(emptyPlan);
  const [errors, setErrors] = useState<PlannerErrors>({});
  const [experienceChoice, setExperienceChoice] = useState('');
  // The zone the traveller picked; until then, the destination's (asked of the server, which
  // holds the city table: it is too large to send to the browser).
  const [zoneChoice, setZoneChoice] = useState<string | null>(null);
  const place = usePlaceLookup(values.destination);
  const timeZone = zoneChoice ?? place?.timeZone ?? '';
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  const create = useMutation(
    trpc.tripRequests.create.mutationOptions({
      onSuccess: async () => {
        toast({ title: confirmationText, tone: 'success' });
        setValues(emptyPlan());
        setExperienceChoice('');
        setZoneChoice(null);
        setErrors({});
        await queryClient.invalidateQueries({ queryKey: trpc.tripRequests.list.queryKey() });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstInvalid(formRef.current);
        } else toast({ title: 'Could not send the request', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  const change = <K extends keyof PlannerValues>(key: K, value: PlannerValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const remaining = customExperienceOptions.filter((o) => !values.customExperiences.includes(o));
  function addExperience() {
    const choice = experienceChoice as Experience;
    // The list only offers what is not chosen yet, so a duplicate cannot get in.
    if (!choice || values.customExperiences.includes(choice)) return;
    change('customExperiences', [...values.customExperiences, choice]);
    setExperienceChoice('');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = schemaErrors(createTripRequestInput, values, blankMessages);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
    create.mutate({ ...values, notes: values.notes, timeZone: timeZone || undefined });
  }

  const today = localToday();
  return (
    <Card as="section" aria-labelledby={`${ids}-heading`} className="p-5">
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-ink">
        Plan a Trip
      </h2>
      <p className="mt-1 text-sm text-muted">Tell us what you have in mind; a travel concierge will shape it into a proposal.</p>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <TextInput
          label="Destination"
          required
          maxLength={120}
          placeholder="e.g. Amalfi Coast, Italy"
          value={values.destination}
          onChange={(e) => change('destination', e.target.value)}
          error={errors.destination}
        />
        <SelectInput
          label="Time zone"
          optional
          value={timeZone}
          onChange={(e) => {
            setZoneChoice(e.target.value);
            setErrors((found) => ({ ...found, timeZone: undefined }));
          }}
          hint={zoneChoice === null && place?.place ? `Filled in from ${place.place.name}, ${place.place.country}` : undefined}
          error={errors.timeZone}
        >
          <option value="">Not sure yet</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectInput>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <TextInput
            label="Start date"
            type="date"
            required
            min={today}
            value={values.startDate}
            onChange={(e) => change('startDate', e.target.value)}
            error={errors.startDate}
          />
          <TextInput
            label="End date"
            type="date"
            required
            min={values.startDate || today}
            value={values.endDate}
            onChange={(e) => change('endDate', e.target.value)}
            error={errors.endDate}
          />
        </div>

        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={`${ids}-budget`} className="text-sm font-medium text-ink">
              Budget
            </label>
            <output htmlFor={`${ids}-budget`} className="font-semibold text-brand-700">
              {budgetLabel(values.budget)}
            </output>
          </div>
          <input
            id={`${ids}-budget`}
            type="range"
            min={tripBudget.min}
            max={tripBudget.max}
            step={tripBudget.step}
            value={values.budget}
            aria-valuetext={budgetLabel(values.budget)}
            onChange={(e) => change('budget', Number(e.target.value))}
            className="mt-2 h-11 w-full cursor-pointer accent-brand-600"
          />
          <div aria-hidden="true" className="flex justify-between text-xs text-muted">
            <span>$1,000</span>
            <span>20,000+</span>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-ink">Travel style</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {travelStyles.map((style) => (
              <label key={style} className={pillClasses}>
                <input
                  type="radio"
                  name={`${ids}-style`}
                  value={style}
                  checked={values.travelStyle === style}
                  onChange={() => change('travelStyle', style)}
                  className="sr-only"
                />
                {travelStyleLabels[style]}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-ink">Preferred activities</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {preferredActivities.map((activity) => (
              <label key={activity} className={pillClasses}>
                <input
                  type="checkbox"
                  checked={values.activities.includes(activity)}
                  onChange={(e) =>
                    change(
                      'activities',
                      e.target.checked ? [...values.activities, activity] : values.activities.filter((a) => a !== activity),
                    )
                  }
                  className="sr-only"
                />
                {activityLabels[activity]}
              </label>
            ))}
          </div>
        </fieldset>

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
              <option value="">{remaining.length === 0 ? 'All experiences added' : 'Choose an experience'}</option>
              {remaining.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
            <Button variant="secondary" onClick={addExperience} disabled={!experienceChoice} aria-label="Add experience">
              Add
            </Button>
          </div>
          {values.customExperiences.length > 0 ? (
            <ul aria-label="Chosen experiences" className="mt-3 flex flex-wrap gap-2">
              {values.customExperiences.map((experience) => (
                <li
                  key={experience}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-200"
                >
                  {experience}
                  <button
                    type="button"
                    aria-label={`Remove ${experience}`}
                    onClick={() => change('customExperiences', values.customExperiences.filter((x) => x !== experience))}
                    className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <Icon name="close" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <TextArea
          label="Additional notes"
          optional
          maxLength={2000}
          value={values.notes}
          onChange={(e) => change('notes', e.target.value)}
          error={errors.notes}
        />

        <fieldset>
          <legend className="text-sm font-medium text-ink">Travel party</legend>
          <div className="mt-2 grid gap-2">
            {(Object.keys(party) as PartyKey[]).map((key) => (
              <Stepper
                key={key}
                {...party[key]}
                value={values[key]}
                onChange={(n) => change(key, n)}
              />
            ))}
          </div>
        </fieldset>

        <Button type="submit" className="w-full" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Submit Trip Request'}
        </Button>
      </form>
    </Card>
  );
}

// Radio and checkbox pills: the native input is visually hidden but keeps keyboard use and focus.
const pillClasses =
  'inline-flex min-h-11 cursor-pointer items-center rounded-full border border-slate-300 bg-surface px-4 text-sm font-medium text-ink ' +
  'hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

function Stepper({
  label,
  min,
  max,
  fewer,
  more,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  fewer: string;
  more: string;
  value: number;
  onChange: (n: number) => void;
}) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-slate-200 py-1 pr-1 pl-3">
      <span id={id} className="text-sm text-ink">
        {label}
      </span>
      <div className="flex items-center gap-1">
        <button type="button" aria-label={fewer} disabled={value <= min} onClick={() => onChange(value - 1)} className={stepClasses}>
          <span aria-hidden="true">−</span>
        </button>
        <output aria-live="polite" aria-label={`${label}: ${value}`} className="w-6 text-center font-semibold text-ink tabular-nums">
          {value}
        </output>
        <button type="button" aria-label={more} disabled={value >= max} onClick={() => onChange(value + 1)} className={stepClasses}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </fieldset>
  );
}

const stepClasses =
  'inline-flex size-11 items-center justify-center rounded-full text-lg text-brand-700 hover:bg-brand-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';
