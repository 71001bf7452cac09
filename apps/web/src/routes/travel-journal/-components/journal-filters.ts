import type { RouterInputs } from '~/lib/api-types';

export type TravelTag = NonNullable<RouterInputs['journal']['create']['tags']>[number];

/** The tags a travel can carry, in the order the filter and the add dialog offer them. */
export const travelTags = ['Family', 'Solo', 'Romantic', 'Adventure'] as const satisfies readonly TravelTag[];

export interface JournalFilters {
  query: string;
  year: number | null;
  tag: TravelTag | null;
}

export const noFilters: JournalFilters = { query: '', year: null, tag: null };

export const isFiltered = (f: JournalFilters) => f.query.trim() !== '' || f.year !== null || f.tag !== null;

/** The filters as the journal's queries take them: only those set, the words trimmed. */
export function journalQueryFilters(filters: JournalFilters): { q?: string; year?: number; tag?: TravelTag } {
  const q = filters.query.trim();
  return { ...(q && { q }), ...(filters.year !== null && { year: filters.year }), ...(filters.tag !== null && { tag: filters.tag }) };
}

/** "Family" → "Family Trip", the label the detail panel shows per tag. */
export const tagLabel = (tag: string) => `${tag} Trip`;
