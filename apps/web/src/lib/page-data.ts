import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc';
import { deserialize } from './wire-format';

/**
 * The first screen's data, sent by the server inside the page for a signed-in visitor
 * (apps/server/src/routes/first-screen.ts): the answers of the queries lib/first-screen.ts lists
 * for the screen, so it draws at once instead of asking after the JavaScript has loaded.
 */

/** The element the server writes the answers into: JSON (superjson's wire format), never run as a script. */
const pageDataElementId = 'naav-page-data';

/** One answer as the server sends it: the procedure, the input it was called with, and its answer. */
interface PageAnswer {
  path: string;
  input?: unknown;
  infinite?: boolean;
  data: unknown;
}

type KeyMaker = { queryKey: (input?: unknown) => QueryKey; infiniteQueryKey: (input?: unknown) => QueryKey };

/** The query key the screen's own `queryOptions` use for this answer (tRPC's, so both always agree). */
export function pageAnswerKey(trpc: TrpcOptions, answer: Pick<PageAnswer, 'path' | 'input' | 'infinite'>): QueryKey {
  const node = answer.path
    .split('.')
    .reduce<unknown>((parent, part) => (parent as Record<string, unknown>)[part], trpc) as KeyMaker;
  return answer.infinite ? node.infiniteQueryKey(answer.input) : node.queryKey(answer.input);
}

/** The answers in the page, or none (no element: signed out, or the page came from the service worker's copy). */
export function readPageData(doc: Document = document): PageAnswer[] {
  const element = doc.getElementById(pageDataElementId);
  if (!element?.textContent) return [];
  try {
    const answers = deserialize(JSON.parse(element.textContent));
    return Array.isArray(answers) ? (answers as PageAnswer[]) : [];
  } catch {
    // A page that cannot be read is a page without data: the screens ask the server themselves.
    return [];
  }
}

/**
 * Puts the page's answers into the query cache, stamped now; data already there that is newer
 * (none, in practice: the page was just answered) stays. Who is signed in goes first, so the
 * offline copy, which follows that query, drops another person's saved data before the screen's
 * answers arrive. Returns how many were taken.
 */
export function startWithPageData(queryClient: QueryClient, trpc: TrpcOptions, answers = readPageData()): number {
  const now = Date.now();
  const ordered = [...answers].sort((a, b) => Number(b.path === 'me.get') - Number(a.path === 'me.get'));
  let taken = 0;
  for (const answer of ordered) {
    const queryKey = pageAnswerKey(trpc, answer);
    if ((queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > now) continue;
    queryClient.setQueryData(queryKey, answer.data, { updatedAt: now });
    taken += 1;
  }
  return taken;
}
