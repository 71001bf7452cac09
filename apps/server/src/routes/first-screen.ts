import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '@naav/api';
import { createAppCaller, toWireFormat } from '@naav/api/server';
import { isOwnImage } from '@naav/schemas/own-image';
import { isTravelTeam, type Role } from '@naav/schemas/role-names';
import { escapeHtml, type FirstPaint, myTripsMain, type PaintedTrip, staticMain, tripMain } from './first-paint';

/**
 * A screen's page as the first answer should carry it, so the screen draws as soon as the app's
 * script has run, without asking the server anything first: for a signed-in visitor, the answers
 * of the queries the screen asks first (the web app's `src/lib/first-screen.ts`, written beside
 * Vite's manifest by its build), run here through the procedures with the request's own session,
 * and the screen's largest picture preloaded. The web app reads the answers
 * (apps/web/src/lib/page-data.ts); everything else it asks itself.
 *
 * The route's chunks are not preloaded: on a slow link they share it with the app's main chunk,
 * which every screen waits for first, and the screen then drew later (measured with Lighthouse's
 * mobile preset; the router asks for them as soon as the main chunk runs).
 */

interface FirstQuery {
  path: string;
  input?: Record<string, unknown>;
  infinite?: boolean;
}

interface FirstScreenTable {
  sessionQuery: FirstQuery;
  screens: { pattern: string; queries: FirstQuery[]; image?: string; paint?: FirstPaint }[];
  /** The screens drawn without the site's header (sign-in and its kin). */
  bare?: { paths: string[]; prefixes: string[] };
}

interface Screen {
  segments: string[];
  queries: FirstQuery[];
  image?: string;
  /** The app shell's main area with the screen's first paint in it, when it is the same for everyone. */
  main?: string | undefined;
  /** The screen's first paint. */
  paint?: FirstPaint | undefined;
}

/** One query's answer, as the page carries it (see page-data.ts). */
interface PageAnswer {
  path: string;
  input?: unknown;
  infinite?: true;
  data: unknown;
}

const splitPath = (path: string) => path.split('/').filter(Boolean);

/** A parameter as the router reads it; a malformed escape stays as it came (the screen shows not found). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The screens of the web app in `webDist`, from its build's first-screen table. */
export function firstScreens(webDist: string) {
  const tablePath = join(webDist, '.vite/first-screen.json');
  const table = existsSync(tablePath) ? (JSON.parse(readFileSync(tablePath, 'utf8')) as FirstScreenTable) : undefined;
  const screens: Screen[] = (table?.screens ?? []).map(({ pattern, queries, image, paint }) => ({
    segments: splitPath(pattern),
    queries,
    image,
    paint,
    main: paint && staticMain(paint),
  }));
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
        if (segment.startsWith('$')) values[segment] = decoded(value);
        return segment.startsWith('$') || segment === value;
      });
      if (fits) return { screen, values };
    }
    return null;
  };

  /**
   * The tag a page at `path` gains in its head (its picture), and the answers it carries: none
   * when nobody is signed in (the procedures refuse), so such a page is the same for everyone.
   */
  async function pageFor(
    path: string,
    ctx: Context,
    /** The address's `tab` (My Trips paints its Current Trip tab only). */
    tab?: string,
  ): Promise<{ head: string; answers: PageAnswer[]; main?: string | undefined }> {
    const found = match(path);
    if (!table || (await ctx.getActor()) === null) return { head: '', answers: [] };
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
    return {
      head: imagePreload(found?.screen.image, sent),
      answers: sent,
      main: found?.screen.main ?? answeredMain(found?.screen.paint, sent, tab),
    };
  }
  /** Whether the screen at `path` stands without the site's header, so its page paints none before the app runs. */
  const isBare = (path: string) =>
    (table?.bare?.paths.includes(path) ?? false) ||
    (table?.bare?.prefixes.some((prefix) => path.startsWith(prefix)) ?? false);
  return { pageFor, isBare };
}

/** The app shell of index.html marked as a page without the header (its own <style> then hides it). */
export const bareShell = (html: string) => html.replace('<div class="ns-page">', '<div class="ns-page ns-bare">');

/** The app shell with its main area replaced by a screen's first paint. */
export const withShellMain = (html: string, main: string) =>
  html.replace(/<main class="ns-main"[^>]*>[\s\S]*?<\/main>/, () => main);

/** The input with each `$name` value replaced by the address's parameter of that name. */
function withParams(input: Record<string, unknown>, values: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$') ? values[value] : value,
    ]),
  );
}

/** The answer of the query at `path` (a trip's day plan: its trip) and its picture's address, the app's fallback for none. */
function pictured(path: string | undefined, answers: PageAnswer[]): { data: PaintedTrip; url: string } | null {
  const answer = answers.find((a) => a.path === path)?.data as
    | (PaintedTrip & { trip?: PaintedTrip })
    | null
    | undefined;
  const data = answer?.trip ?? answer;
  if (!data) return null;
  const url = typeof data.imageUrl === 'string' && isOwnImage(data.imageUrl) ? data.imageUrl : '/images/fallback.svg';
  return { data, url };
}

/** A first paint drawn from the screen's answers (a trip's header, My Trips' current trip). */
function answeredMain(paint: FirstPaint | undefined, answers: PageAnswer[], tab: string | undefined) {
  if (!paint) return undefined;
  if ('heading' in paint && 'teamLede' in paint) {
    // The lede the screen shows follows the role in the session's answer (the concierge's desk).
    const me = answers.find((a) => a.path === 'me.get')?.data as { role?: Role } | null | undefined;
    return me ? staticMain(paint, isTravelTeam(me.role)) : undefined;
  }
  if ('trip' in paint) {
    const found = pictured(paint.trip, answers);
    return found ? tripMain(found.data, found.url) : undefined;
  }
  if ('currentTrip' in paint) {
    const found = pictured(paint.currentTrip, answers);
    return myTripsMain(paint.heading, tab, found?.data, found?.url);
  }
  return undefined;
}

/** The screen's largest picture: the answer's own image, or the fallback the app shows for none. */
function imagePreload(path: string | undefined, answers: PageAnswer[]): string {
  const found = pictured(path, answers);
  return found ? `<link rel="preload" as="image" href="${escapeHtml(found.url)}" fetchpriority="high">` : '';
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
