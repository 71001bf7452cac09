import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { firstScreens, sessionQuery } from './first-screen';
import { pageAnswerKey, readPageData, startWithPageData } from './page-data';
import { createApiClient, createOptionsProxy, createQueryClient } from './trpc';
import { serialize } from './wire-format';

const setUp = () => {
  const queryClient = createQueryClient();
  const trpc = createOptionsProxy(createApiClient({ url: 'http://localhost/trpc' }), queryClient);
  return { queryClient, trpc };
};

const routeFiles = import.meta.glob(['../routes/**/*.tsx', '!../routes/__root.tsx', '!../routes/**/-components/**']);

const id = 'trip-lisbon';
const withParams = (input: Record<string, unknown> | undefined) =>
  input && Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === '$id' ? id : v]));

describe('the first screens the server fills in', () => {
  // The page carries the answers the server ran for the table; a table that drifted from its
  // route's loader would send data the screen never reads, and leave what it reads to load later.
  it.each(firstScreens)(
    '$pattern carries exactly what its route loader asks for first',
    async ({ pattern, queries }) => {
      const { queryClient, trpc } = setUp();
      // The route file at the pattern's place, as the server finds it in the build's manifest.
      const file = `../routes${pattern === '/' ? '' : pattern}`;
      const load = routeFiles[`${file}/index.tsx`] ?? routeFiles[`${file}.tsx`];
      expect(load, pattern).toBeDefined();
      const route = ((await load?.()) as { Route: { options: { loader?: unknown } } } | undefined)?.Route;
      const asked: string[] = [];
      const record = async (options: { queryKey: QueryKey }) => void asked.push(JSON.stringify(options.queryKey));
      vi.spyOn(queryClient, 'prefetchQuery').mockImplementation(record);
      vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockImplementation(record);
      const loader = route?.options.loader as ((args: unknown) => unknown) | undefined;
      await loader?.({ context: { queryClient, trpc }, params: { id }, deps: {}, location: { search: {} } });
      const sessionKey = JSON.stringify(pageAnswerKey(trpc, sessionQuery));
      const expected = queries.map((q) => JSON.stringify(pageAnswerKey(trpc, { ...q, input: withParams(q.input) })));
      expect(asked.filter((key) => key !== sessionKey).sort()).toEqual(expected.sort());
    },
  );
});

describe('the answers inside the page', () => {
  const pageWith = (text: string) => {
    const doc = document.implementation.createHTMLDocument('page');
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = 'naav-page-data';
    element.textContent = text;
    doc.body.append(element);
    return doc;
  };

  it('start the screen with its data, dates included, under the keys its queries read', () => {
    const { queryClient, trpc } = setUp();
    const startedAt = new Date('2026-06-01T10:00:00Z');
    const answers = readPageData(
      pageWith(
        JSON.stringify(
          serialize([
            { path: 'trips.byId', input: { id }, data: { id, title: 'Lisbon </script>', createdAt: startedAt } },
            { path: 'me.get', data: { id: 'user-1' } },
          ]),
        ),
      ),
    );
    expect(startWithPageData(queryClient, trpc, answers)).toBe(2);
    expect(queryClient.getQueryData(trpc.trips.byId.queryKey({ id }))).toEqual({
      id,
      title: 'Lisbon </script>',
      createdAt: startedAt,
    });
    expect(queryClient.getQueryData(trpc.me.get.queryKey())).toEqual({ id: 'user-1' });
  });

  it('leave newer data in place, and read as none when missing or unreadable', () => {
    const { queryClient, trpc } = setUp();
    const key = trpc.trips.current.queryKey();
    queryClient.setQueryData(key, { id: 'newer' } as never, { updatedAt: Date.now() + 60_000 });
    expect(startWithPageData(queryClient, trpc, [{ path: 'trips.current', data: { id: 'older' } }])).toBe(0);
    expect(queryClient.getQueryData(key)).toEqual({ id: 'newer' });
    expect(readPageData(pageWith('{not json'))).toEqual([]);
    expect(readPageData(document.implementation.createHTMLDocument('empty'))).toEqual([]);
  });
});
