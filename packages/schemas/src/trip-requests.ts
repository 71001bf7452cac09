/** The trip planner's request (My Trips): its choices and its input. */
import { z } from './zod';
import { endDateNotBeforeStart, isoDate, optionalText, requiredText, timeZone } from './fields';
import { wholeDollarsOf } from './money';

export const travelStyles = ['luxury', 'boutique', 'adventure', 'cultural', 'eco', 'budget'] as const;
export type TravelStyle = (typeof travelStyles)[number];

export const preferredActivities = ['beach', 'cultural', 'adventure', 'foodie'] as const;
export type PreferredActivity = (typeof preferredActivities)[number];

/** The eight experiences a request can add, in the order the planner offers them. */
export const customExperienceOptions = [
  'Private guided tour',
  'Michelin-star dining',
  'Hot air balloon ride',
  'Spa day',
  'Cooking class with a local chef',
  'Yacht charter',
  'Wine tasting',
  'Helicopter tour',
] as const;
export type CustomExperience = (typeof customExperienceOptions)[number];

/** Whole US dollars: the slider runs 1,000 to 20,000 ("or more") in steps of 500. */
export const tripBudget = { min: 1000, max: 20000, step: 500, initial: 5000 } as const;

/** Who travels: adults, children and rooms, with their bounds and starting values. */
export const tripParty = {
  adults: { min: 1, max: 12, initial: 2 },
  children: { min: 0, max: 12, initial: 0 },
  rooms: { min: 1, max: 8, initial: 1 },
} as const;

const count = ({ min, max, initial }: { min: number; max: number; initial: number }) =>
  z.number().int().min(min).max(max).default(initial);

/** The trip planner form of My Trips (§3 and §5 of the first spec file). */
export const createTripRequestInput = z
  .object({
    destination: requiredText(120),
    startDate: isoDate,
    endDate: isoDate,
    budget: z
      .number()
      .int()
      .min(tripBudget.min)
      .max(tripBudget.max)
      .multipleOf(tripBudget.step)
      .default(tripBudget.initial)
      .meta(wholeDollarsOf('The budget for the whole trip')),
    travelStyle: z.enum(travelStyles).default('luxury'),
    activities: z
      .array(z.enum(preferredActivities))
      .max(preferredActivities.length)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Each activity can be chosen once'),
    customExperiences: z
      .array(z.enum(customExperienceOptions))
      .max(customExperienceOptions.length)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Each experience can be chosen once'),
    notes: optionalText(2000),
    adults: count(tripParty.adults),
    children: count(tripParty.children),
    rooms: count(tripParty.rooms),
    /** IANA zone of the trip; the form prefills the destination's. Left out, the server looks the destination up. */
    timeZone: timeZone.optional(),
  })
  .superRefine(endDateNotBeforeStart);
export type CreateTripRequestInput = z.infer<typeof createTripRequestInput>;
