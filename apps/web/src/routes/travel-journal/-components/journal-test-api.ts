import type { RouterInputs, RouterOutputs, Travel } from '~/lib/api-types';
import { trpcQueryFrom } from '~/test/trpc-handlers';

type PageInput = RouterInputs['journal']['page'];

/** Lower case without accents, as the server's search index reads words. */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The server's filters over an in-memory journal: each word a word beginning, a year touched, a tag, a trip. */
function matches(travel: Travel, input: Partial<PageInput>): boolean {
  if (input.year !== undefined && !(travel.startDate <= `${input.year}-12-31` && travel.endDate >= `${input.year}-01-01`)) return false;
  if (input.tag !== undefined && !travel.tags.includes(input.tag)) return false;
  if (input.tripId !== undefined && travel.tripId !== input.tripId) return false;
  const words = plain(input.q ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const text = plain([travel.title, travel.location, travel.description ?? ''].join(' ')).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.every((word) => text.some((w) => w.startsWith(word)));
}

/**
 * The journal's queries answered from a list, in the list's order, the way the server pages,
 * filters and counts them (the server's own behaviour is proven in packages/api); `asked`
 * records every page input and `pinsAsked` every map question.
 */
export function journalApi(journal: () => Travel[]) {
  const asked: Partial<PageInput>[] = [];
  const pinsAsked: Partial<RouterInputs['journal']['pins']>[] = [];
  const handlers = [
    trpcQueryFrom('journal.overview', (): RouterOutputs['journal']['overview'] => {
      const years = new Set(
        journal().flatMap((t) => {
          const first = Number(t.startDate.slice(0, 4));
          const last = Number(t.endDate.slice(0, 4));
          return Array.from({ length: last - first + 1 }, (_, i) => first + i);
        }),
      );
      return { count: journal().length, years: [...years].sort((a, b) => b - a) };
    }),
    trpcQueryFrom('journal.page', (raw): RouterOutputs['journal']['page'] => {
      const input = (raw ?? {}) as Partial<PageInput>;
      asked.push(input);
      const all = journal().filter((t) => matches(t, input));
      const start = input.cursor ? Number(input.cursor) : 0;
      const limit = Number(input.limit ?? 50);
      const items = all.slice(start, start + limit);
      const nextCursor = start + limit < all.length ? String(start + limit) : null;
      return (input.withTotal ?? !input.cursor) ? { items, nextCursor, total: all.length } : { items, nextCursor };
    }),
    trpcQueryFrom('journal.pins', (raw): RouterOutputs['journal']['pins'] => {
      const input = (raw ?? {}) as Partial<PageInput>;
      pinsAsked.push(raw as Partial<RouterInputs['journal']['pins']>);
      const found = journal().filter((t) => matches(t, input));
      const unplaced = found.filter((t) => t.latitude === null || t.longitude === null);
      return {
        pins: found.flatMap((t) =>
          t.latitude === null || t.longitude === null
            ? []
            : [{ latitude: t.latitude, longitude: t.longitude, count: 1, travel: { id: t.id, title: t.title, location: t.location } }],
        ),
        unplaced: unplaced.slice(0, 20).map(({ id, title, location }) => ({ id, title, location })),
        unplacedCount: unplaced.length,
      };
    }),
    trpcQueryFrom('journal.byId', ({ id }) => {
      const travel = journal().find((t) => t.id === id);
      // The server answers NOT_FOUND; no test here asks for a travel its journal lacks.
      if (!travel) throw new Error(`journal.byId: no travel ${id} in this journal`);
      return travel;
    }),
  ];
  return { handlers, asked, pinsAsked };
}
