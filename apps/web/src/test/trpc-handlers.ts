import type { AppRouter } from '@naav/api';
import type {
  AnyTRPCMutationProcedure,
  AnyTRPCQueryProcedure,
  inferProcedureInput,
  inferProcedureOutput,
  TRPCRouterRecord,
} from '@trpc/server';
import { delay, http, HttpResponse } from 'msw';
import superjson from 'superjson';

export const testApiUrl = 'http://localhost/trpc';

/**
 * Every procedure of the app's router by its dotted path ("trips.current"), so a handler names a
 * procedure that exists and answers with what that procedure returns: a fixture that drifts from
 * the API fails to compile.
 */
type ProceduresOf<TRecord, TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyTRPCQueryProcedure | AnyTRPCMutationProcedure
    ? { [P in `${TPrefix}${K}`]: TRecord[K] }
    : TRecord[K] extends TRPCRouterRecord
      ? ProceduresOf<TRecord[K], `${TPrefix}${K}.`>
      : never;
}[keyof TRecord & string];

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

type Procedures = UnionToIntersection<ProceduresOf<AppRouter['_def']['record']>>;

export type QueryPath = {
  [P in keyof Procedures]: Procedures[P] extends AnyTRPCQueryProcedure ? P : never;
}[keyof Procedures];
export type MutationPath = {
  [P in keyof Procedures]: Procedures[P] extends AnyTRPCMutationProcedure ? P : never;
}[keyof Procedures];
export type ProcedurePath = QueryPath | MutationPath;
/** What the procedure at `P` returns (dates as Date: the client decodes superjson). */
export type OutputOf<P extends ProcedurePath> = inferProcedureOutput<Procedures[P]>;
/** What the procedure at `P` takes. */
export type InputOf<P extends ProcedurePath> = inferProcedureInput<Procedures[P]>;

function answer(data: unknown) {
  return HttpResponse.json({ result: { data: superjson.serialize(data) } });
}

/** Answers one tRPC query (unbatched link) with data, the way the server encodes it. */
export function trpcQuery<P extends QueryPath>(path: P, data: OutputOf<P>) {
  return http.get(`${testApiUrl}/${path}`, () => answer(data));
}

/** Answers one tRPC query from its input, as the server would for that input. */
export function trpcQueryFrom<P extends QueryPath>(
  path: P,
  respond: (input: InputOf<P>, request: Request) => OutputOf<P>,
) {
  return http.get(`${testApiUrl}/${path}`, ({ request }) =>
    answer(respond(trpcInputOf(request) as InputOf<P>, request)),
  );
}

/** Answers one tRPC mutation (a POST whose body is the superjson input) from its input. */
export function trpcMutation<P extends MutationPath>(
  path: P,
  respond: (input: InputOf<P>, request: Request) => OutputOf<P> | Promise<OutputOf<P>>,
) {
  return http.post(`${testApiUrl}/${path}`, async ({ request }) => {
    const input = superjson.deserialize((await request.clone().json()) as never) as InputOf<P>;
    return answer(await respond(input, request));
  });
}

const httpStatus = {
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  INTERNAL_SERVER_ERROR: 500,
} as const;

/** The body and status the server sends when a procedure fails with `code`. */
function errorAnswer(path: ProcedurePath, code: keyof typeof httpStatus, message: string) {
  const status = httpStatus[code];
  return HttpResponse.json(
    { error: superjson.serialize({ message, code: -32000, data: { code, httpStatus: status, path } }) },
    { status },
  );
}

/** Answers one tRPC query with an error such as NOT_FOUND. */
export function trpcError(path: QueryPath, code: keyof typeof httpStatus, message: string = code) {
  return http.get(`${testApiUrl}/${path}`, () => errorAnswer(path, code, message));
}

/** Refuses one tRPC mutation with an error such as CONFLICT. */
export function trpcMutationError(path: MutationPath, code: keyof typeof httpStatus, message: string = code) {
  return http.post(`${testApiUrl}/${path}`, () => errorAnswer(path, code, message));
}

/** Never answers, so the component stays in its loading state. */
export function trpcPending(path: QueryPath) {
  return http.get(`${testApiUrl}/${path}`, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  });
}

/** Refuses one tRPC mutation as the server refuses bad input: 400 with an issue naming the field. */
export function trpcFieldError(path: MutationPath, field: string, reason: string) {
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
