/** What a projection needs of an occasion. */
export interface OccasionDate {
  date: string;
  isRecurring: boolean;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day an occasion falls on in `year`, or null when it does not: a one-off only in its
 * own year; a recurring one on the same month and day from its first year on (29 February
 * on the 28th in other years).
 */
export function occurrenceInYear(occasion: OccasionDate, year: number): string | null {
  const first = Number(occasion.date.slice(0, 4));
  if (!occasion.isRecurring) return first === year ? occasion.date : null;
  if (year < first) return null;
  let monthDay = occasion.date.slice(5);
  if (monthDay === '02-29' && !isLeapYear(year)) monthDay = '02-28';
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

/** The next day (today included) the occasion falls on, or null when it is over. */
export function nextOccurrence(occasion: OccasionDate, today: string): string | null {
  if (!occasion.isRecurring) return occasion.date >= today ? occasion.date : null;
  const year = Number(today.slice(0, 4));
  for (const candidate of [year, year + 1]) {
    const day = occurrenceInYear(occasion, candidate);
    if (day && day >= today) return day;
  }
  // A recurring occasion whose first year is still ahead.
  return occasion.date >= today ? occasion.date : null;
}
