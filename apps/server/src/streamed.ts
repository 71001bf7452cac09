/**
 * Answers produced page by page: the body is pulled from an async iterator as the client
 * reads, so a 100,000-row list is never built in memory and each page's work is followed by
 * a turn of the event loop for other requests.
 */

/** Set on streamed answers until the compression middleware sees (and removes) it. */
export const streamedHeader = 'x-naav-streamed';

export function streamedResponse(chunks: AsyncIterator<string>, headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        // The status line is gone already: the client sees a body cut short, the log says why.
        console.error('streamed answer failed:', error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return new Response(body, { headers: { ...headers, [streamedHeader]: '1' } });
}

/** A JSON array written one page at a time: the same bytes as JSON.stringify of all the items. */
export async function* jsonArrayChunks<T>(
  pages: AsyncIterable<T[]>,
  serialize: (item: T) => string,
): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map(serialize).join(',');
    first = false;
  }
  yield ']';
}

/** A JSON array from texts that each hold one or more of its items, comma-separated. */
export async function* jsonArrayOfTexts(texts: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const text of texts) {
    if (text.length === 0) continue;
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']';
}
