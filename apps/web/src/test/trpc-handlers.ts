import { delay, http, HttpResponse } from 'msw';
import superjson from 'superjson';

export const testApiUrl = 'http://localhost/trpc';

/** Answers one tRPC query (unbatched link) with data, the way the server encodes it. */
export function trpcQuery(path: string, data: unknown) {
  return http.get(`${testApiUrl}/${path}`, () => HttpResponse.json({ result: { data: superjson.serialize(data) } }));
}

const httpStatus = { NOT_FOUND: 404, UNAUTHORIZED: 401, FORBIDDEN: 403, INTERNAL_SERVER_ERROR: 500 } as const;

/** Answers one tRPC query with an error such as NOT_FOUND. */
export function trpcError(path: string, code: keyof typeof httpStatus, message = code) {
  const status = httpStatus[code];
  return http.get(`${testApiUrl}/${path}`, () =>
    HttpResponse.json(
      { error: superjson.serialize({ message, code: -32000, data: { code, httpStatus: status, path } }) },
      { status },
    ),
  );
}

/** Never answers, so the component stays in its loading state. */
export function trpcPending(path: string) {
  return http.get(`${testApiUrl}/${path}`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  });
}

/** Refuses one tRPC mutation as the server refuses bad input: 400 with an issue naming the field. */
export function trpcFieldError(path: string, field: string, reason: string) {
  return http.post(`${testApiUrl}/${path}`, () =>
    HttpResponse.json(
      {
        error: superjson.serialize({
          message: `${field}: ${reason}`,
          code: -32600,
          data: { code: 'BAD_REQUEST', httpStatus: 400, path, issues: [{ path: [field], message: reason }] },
        }),
      },
      { status: 400 },
    ),
  );
}

/** The input of a tRPC GET (unbatched link): `?input=` holds it as superjson. */
export function trpcInputOf(request: Request): unknown {
  const raw = new URL(request.url).searchParams.get('input');
  return raw === null ? undefined : superjson.deserialize(JSON.parse(raw) as never);
}

/** Answers one tRPC query from its input, as the server would for that input. */
export function trpcQueryFrom(path: string, answer: (input: unknown) => unknown) {
  return http.get(`${testApiUrl}/${path}`, ({ request }) => HttpResponse.json({ result: { data: superjson.serialize(answer(trpcInputOf(request))) } }));
}
