import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '@naav/api';
import { createAppCaller, toWireFormat } from '@naav/api/server';
import { isOwnImage } from '@naav/schemas/own-image';

/**
 * A screen's page as the first answer should carry it, so nothing the screen needs waits on
 * something else to arrive first:
 * - its route's chunks and their imports preloaded (`modulepreload`), from Vite's manifest, found
 *   by the address (TanStack Router's file routes: `src/routes/trips/$id.tsx` is `/trips/$id`);
 * - for a signed-in visitor, the answers of the queries the screen asks first (the web app's
 *   `src/lib/first-screen.ts`, written beside the manifest by its build), run here through the
 *   procedures with the request's own session, and the screen's largest picture preloaded.
 * The web app reads the answers (apps/web/src/lib/page-data.ts); everything else it asks itself.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

interface FirstQuery {
  path: string;
  input?: Record<string, unknown>;
  infinite?: boolean;
}

interface FirstScreenTable {
  sessionQuery: FirstQuery;
  screens: { pattern: string; queries: FirstQuery[]; image?: string }[];
}

interface Screen {
  segments: string[];
  /** `<link>` tags for the route's chunks not already in index.html. */
  preloads: string;
  queries: FirstQuery[];
  image?: string;
}

/** One query's answer, as the page carries it (see page-data.ts). */
interface PageAnswer {
  path: string;
  input?: unknown;
  infinite?: true;
  data: unknown;
}

const routeChunk = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** The address pattern of a route file: `my-trips/index` is `/my-trips`, `index` is `/`. */
const patternOf = (file: string) => `/${file.replace(/(^|\/)index$/, '')}`;

const splitPath = (path: string) => path.split('/').filter(Boolean);

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

/** Every chunk `key` loads before it runs (its static imports, all the way down), itself first. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** The screens of the web app in `webDist`, from its build's manifest and first-screen table. */
export function firstScreens(webDist: string) {
  const manifest = readJson<Record<string, ManifestChunk>>(join(webDist, '.vite/manifest.json')) ?? {};
  const table = readJson<FirstScreenTable>(join(webDist, '.vite/first-screen.json'));
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  // index.html loads these already.
  const initial = entry ? closure(manifest, entry) : new Set<string>();
  const screens: Screen[] = [];
  for (const key of Object.keys(manifest)) {
    const file = routeChunk.exec(key)?.[1];
    if (!file) continue;
    const pattern = patternOf(file);
    const chunks = [...closure(manifest, key)].filter((chunk) => !initial.has(chunk));
    const preloads = chunks
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk]?.file}">`)
      .join('');
    const declared = table?.screens.find((screen) => screen.pattern === pattern);
    screens.push({ segments: splitPath(pattern), preloads, queries: declared?.queries ?? [], image: declared?.image });
  }
  // A fixed segment wins over a parameter (`/trips/new` before `/trips/$id`).
  const params = (screen: Screen) => screen.segments.filter((s) => s.startsWith('$')).length;
  screens.sort((a, b) => params(a) - params(b));

  /** The screen at `path` and its parameters, if the app has one there. */
  const match = (path: string) => {
    const segments = splitPath(path);
    for (const screen of screens) {
      if (screen.segments.length !== segments.length) continue;
      const values: Record<string, string> = {};
      const fits = screen.segments.every((segment, i) => {
        const value = segments[i] ?? '';
        if (segment.startsWith('$')) values[segment] = decodeURIComponent(value);
        return segment.startsWith('$') || segment === value;
      });
      if (fits) return { screen, values };
    }
    return null;
  };

  /**
   * The tags a page at `path` gains in its head, and the answers it carries: none of the data
   * when nobody is signed in (the procedures refuse), so such a page is the same for everyone.
   */
  async function pageFor(path: string, ctx: Context): Promise<{ head: string; answers: PageAnswer[] }> {
    const found = match(path);
    const head = found?.screen.preloads ?? '';
    if (!table || (await ctx.getActor()) === null) return { head, answers: [] };
    const caller = createAppCaller(ctx) as unknown as Record<string, unknown>;
    const call = (query: FirstQuery, input: unknown) =>
      (
        query.path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], caller) as (
          input: unknown,
        ) => Promise<unknown>
      )(input);
    const queries = [table.sessionQuery, ...(found?.screen.queries ?? [])];
    const answers = await Promise.all(
      queries.map(async (query): Promise<PageAnswer | null> => {
        const input = query.input && withParams(query.input, found?.values ?? {});
        try {
          const data = await call(query, input);
          const asked = { path: query.path, ...(input === undefined ? {} : { input }) };
          return query.infinite
            ? { ...asked, infinite: true, data: { pages: [data], pageParams: [undefined] } }
            : { ...asked, data };
        } catch {
          // Refused or failed (a trip that is not theirs, a role without access): the screen asks
          // itself and shows what it shows for that.
          return null;
        }
      }),
    );
    const sent = answers.filter((answer): answer is PageAnswer => answer !== null);
    // The picture before the chunks: it is small, and the screen's largest paint waits for it.
    return { head: imagePreload(found?.screen.image, sent) + head, answers: sent };
  }
  return { pageFor };
}

/** The input with each `$name` value replaced by the address's parameter of that name. */
function withParams(input: Record<string, unknown>, values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$') ? values[value] : value,
    ]),
  );
}

/** The screen's largest picture: the answer's own image, or the fallback the app shows for none. */
function imagePreload(path: string | undefined, answers: PageAnswer[]): string {
  const data = answers.find((answer) => answer.path === path)?.data as { imageUrl?: unknown } | null | undefined;
  if (!data) return '';
  const url = typeof data.imageUrl === 'string' && isOwnImage(data.imageUrl) ? data.imageUrl : '/images/fallback.svg';
  return `<link rel="preload" as="image" href="${url}" fetchpriority="high">`;
}

/**
 * Answers as JSON inside the page, where no text can end the element early: `<` is written as
 * `\u003c` (so no `</script>` or `<!--`), and the two line separators JavaScript once refused.
 */
export function pageDataElement(answers: PageAnswer[]): string {
  const json = JSON.stringify(toWireFormat(answers))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="naav-page-data">${json}</script>`;
}
