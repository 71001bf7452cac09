import type { RouterInputs, Travel } from '../../../lib/api-types';

export type TravelTag = NonNullable<RouterInputs['travels']['create']['tags']>[number];

/** The tags a travel can carry, in the order the filter and the add dialog offer them. */
export const travelTags = ['Family', 'Solo', 'Romantic', 'Adventure'] as const satisfies readonly TravelTag[];

export interface JournalFilters {
  query: string;
  year: number | null;
  tag: TravelTag | null;
}

export const noFilters: JournalFilters = { query: '', year: null, tag: null };

export const isFiltered = (f: JournalFilters) => f.query.trim() !== '' || f.year !== null || f.tag !== null;

/** Lower case without accents, so "reykjavik" finds "Reykjavík". */
export const plainText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Every calendar year a travel touches: a New Year's trip counts for both years. */
export function yearsOf(travel: Pick<Travel, 'startDate' | 'endDate'>): number[] {
  const first = Number(travel.startDate.slice(0, 4));
  const last = Math.max(first, Number(travel.endDate.slice(0, 4)));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The years found in the journal, newest first. */
export function journalYears(travels: Travel[]): number[] {
  return [...new Set(travels.flatMap(yearsOf))].sort((a, b) => b - a);
}

/** The travels that match the search (title, location, description), the year and the tag. */
export function filterTravels(travels: Travel[], filters: JournalFilters): Travel[] {
  const words = plainText(filters.query).split(/\s+/).filter(Boolean);
  return travels.filter((travel) => {
    if (filters.year !== null && !yearsOf(travel).includes(filters.year)) return false;
    if (filters.tag !== null && !travel.tags.includes(filters.tag)) return false;
    if (words.length === 0) return true;
    const text = plainText([travel.title, travel.location, travel.description ?? ''].join(' '));
    // Every word must appear somewhere, so "rome family" narrows rather than widens.
    return words.every((word) => text.includes(word));
  });
}

/** "Family" → "Family Trip", the label the detail panel shows per tag. */
export const tagLabel = (tag: string) => `${tag} Trip`;
