/** Labels and defaults of the availability and occasion forms (§5 and §9 of the planner spec). */

import { format } from 'date-fns';

export const priorityLabels: Record<number, string> = {
  1: 'Low priority',
  2: 'Somewhat interested',
  3: 'Interested',
  4: 'Very interested',
  5: 'Must travel!',
};

export const importanceLabels: Record<number, string> = {
  1: 'Low',
  2: 'Somewhat Important',
  3: 'Moderate',
  4: 'Important',
  5: 'Very Important',
};

export const durationOptions = [
  { value: 3, label: '3 days (Weekend)' },
  { value: 5, label: '5 days' },
  { value: 7, label: '7 days' },
  { value: 10, label: '10 days' },
  { value: 14, label: '14 days' },
  { value: 21, label: '21 days' },
  { value: 30, label: '30 days' },
] as const;
export type PreferredDuration = (typeof durationOptions)[number]['value'];

export const occasionTypeLabels = {
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  graduation: 'Graduation',
  wedding: 'Wedding',
  holiday: 'Holiday',
  other: 'Other',
} as const;
export type OccasionType = keyof typeof occasionTypeLabels;

/** "Alex, Jordan ,, Mia" → ["Alex", "Jordan", "Mia"]. */
export const splitParticipants = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);

/** Today's date on this device, YYYY-MM-DD. */
export const localToday = (now = new Date()): string => format(now, 'yyyy-MM-dd');
