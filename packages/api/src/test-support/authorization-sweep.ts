import type { Database } from '@naav/db';
import { TRPCError, type AnyTRPCRouter } from '@trpc/server';
import { z } from 'zod';
import { createContext, type Actor } from '../context';
import type { PhotoStore } from '../routers/photos/photo-store';
import {
  adminProcedure,
  agentProcedure,
  authedProcedure,
  createCallerFactory,
  publicProcedure,
  type Meta,
  type ProcedureAccess,
} from '../trpc';
import { apiScopes } from '@naav/schemas/tokens';
import { grants, missingScopeMessage, procedureScopes, requiredScope } from '../lib/token-scopes';
import { snapshotChanges, snapshotWatcher } from './db-snapshot';
import { validSample, type JsonSchema } from './json-schema-arbitrary';

/**
 * The engine of the authorisation sweep (authorization.test.ts). Every function walks a
 * router's procedures by introspection and returns the problems it found, one readable
 * line each, so the test reports all of them at once and a new procedure is checked
 * without anyone listing it.
 */

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
  inputs: unknown[];
  middlewares: unknown[];
}

export interface SweptProcedure {
  path: string;
  type: ProcedureDef['type'];
  access: ProcedureAccess | undefined;
  def: ProcedureDef;
}

const accessLevels: readonly ProcedureAccess[] = ['public', 'authed', 'agent', 'admin'];

/** Every procedure of the router (`_def.procedures` is flat: 'namespace.name' → procedure). */
export function proceduresOf(router: AnyTRPCRouter): SweptProcedure[] {
  return Object.entries(router._def.procedures as Record<string, { _def: ProcedureDef }>)
    .map(([path, procedure]) => ({
      path,
      type: procedure._def.type,
      access: procedure._def.meta?.access,
      def: procedure._def,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The access level the middleware chain gives, independent of the meta tag: a procedure
 * built from a base procedure starts with exactly the base's middlewares (same function
 * objects), so a tag set by hand in a router cannot pass for the real thing.
 */
function structuralAccess(def: ProcedureDef): ProcedureAccess | undefined {
  const startsWith = (base: { _def: { middlewares: unknown[] } }) =>
    base._def.middlewares.every((mw, i) => def.middlewares[i] === mw);
  if (startsWith(adminProcedure)) return 'admin';
  if (startsWith(agentProcedure)) return 'agent';
  if (startsWith(authedProcedure)) return 'authed';
  if (startsWith(publicProcedure)) return 'public';
  return undefined;
}

type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof TRPCError) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: `non-TRPC ${(error as Error)?.name ?? typeof error}`, message: String(error) };
  }
}

const describeOutcome = (o: Outcome) => {
  if (o.ok) return 'success';
  const message = o.message.replace(/\s+/g, ' ');
  return `${o.code} (${message.length > 160 ? `${message.slice(0, 160)}…` : message})`;
};

/** Calls `path` on a server-side caller of `router` acting as `actor` (null: signed out). */
function callAs(
  router: AnyTRPCRouter,
  db: Database,
  actor: Actor | null,
  now: () => Date,
  path: string,
  input: unknown,
  photoStore?: PhotoStore,
) {
  const caller = createCallerFactory(router)(createContext({ db, now, resolveActor: async () => actor, photoStore }));
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return outcomeOf(() => (fn as (input: unknown) => Promise<unknown>)(input));
}

/** Tags: one of the three on every procedure, agreeing with the middleware chain; 'public' exactly the public list. */
export function accessTagProblems(router: AnyTRPCRouter, publicPaths: readonly string[]): string[] {
  const problems: string[] = [];
  const procedures = proceduresOf(router);
  for (const p of procedures) {
    const structural = structuralAccess(p.def);
    if (!p.access || !accessLevels.includes(p.access)) {
      problems.push(
        `${p.path}: access tag is ${JSON.stringify(p.access)}; build every procedure from publicProcedure, authedProcedure, agentProcedure or adminProcedure (packages/api/src/trpc.ts)`,
      );
    } else if (structural !== p.access) {
      problems.push(
        `${p.path}: tagged '${p.access}' but its middlewares are those of ${structural ?? 'no base procedure'}; never set meta.access in a router`,
      );
    }
  }
  const tagged = procedures.filter((p) => p.access === 'public').map((p) => p.path);
  for (const path of tagged) {
    if (!publicPaths.includes(path)) {
      problems.push(
        `${path}: is a publicProcedure but not in publicProcedurePaths (root.ts): add it there if anyone may call it signed out, or use authedProcedure`,
      );
    }
  }
  for (const path of publicPaths) {
    if (!procedures.some((p) => p.path === path))
      problems.push(`${path}: in publicProcedurePaths but there is no such procedure`);
    else if (!tagged.includes(path))
      problems.push(`${path}: in publicProcedurePaths but not built from publicProcedure`);
  }
  return problems;
}

export interface SweepOptions {
  router: AnyTRPCRouter;
  db: Database;
  now: () => Date;
}

/**
 * Signed out, with `undefined` input (the auth middlewares run before input parsing):
 * every procedure but the public ones is UNAUTHORIZED; the public ones are not.
 */
export async function signedOutProblems(
  { router, db, now }: SweepOptions,
  publicPaths: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const p of proceduresOf(router)) {
    const outcome = await callAs(router, db, null, now, p.path, undefined);
    const unauthorized = !outcome.ok && outcome.code === 'UNAUTHORIZED';
    if (publicPaths.includes(p.path)) {
      if (unauthorized) problems.push(`${p.path}: listed as public but answers a signed-out caller UNAUTHORIZED`);
    } else if (!unauthorized) {
      problems.push(`${p.path}: signed out, answered ${describeOutcome(outcome)} instead of UNAUTHORIZED`);
    }
  }
  return problems;
}

/** The callers of the role sweep: a client, an agent and an admin. */
export interface RoleActors {
  client: Actor;
  agent: Actor;
  admin: Actor;
}

/**
 * Admin procedures: FORBIDDEN to a client and to an agent, open to an admin. Agent procedures:
 * FORBIDDEN to a client, open to an agent and to an admin. Authed ones: open to any signed-in client.
 */
export async function roleProblems(
  { router, db, now }: SweepOptions,
  { client, agent, admin }: RoleActors,
): Promise<string[]> {
  const problems: string[] = [];
  const refused = async (path: string, who: string, actor: Actor, role: string) => {
    const outcome = await callAs(router, db, actor, now, path, undefined);
    if (outcome.ok || outcome.code !== 'FORBIDDEN')
      problems.push(`${path}: ${role}-only, but ${who} got ${describeOutcome(outcome)} instead of FORBIDDEN`);
  };
  const admitted = async (path: string, who: string, actor: Actor, role: string) => {
    const outcome = await callAs(router, db, actor, now, path, undefined);
    if (!outcome.ok && ['FORBIDDEN', 'UNAUTHORIZED'].includes(outcome.code))
      problems.push(`${path}: ${role}-only, but ${who} got ${describeOutcome(outcome)}`);
  };
  for (const p of proceduresOf(router)) {
    if (p.access === 'admin') {
      await refused(p.path, 'a client', client, 'admin');
      await refused(p.path, 'an agent', agent, 'admin');
      await admitted(p.path, 'an admin', admin, 'admin');
    } else if (p.access === 'agent') {
      await refused(p.path, 'a client', client, 'agent');
      await admitted(p.path, 'an agent', agent, 'agent');
      await admitted(p.path, 'an admin', admin, 'agent');
    } else if (p.access === 'authed') {
      const asClient = await callAs(router, db, client, now, p.path, undefined);
      if (!asClient.ok && ['FORBIDDEN', 'UNAUTHORIZED'].includes(asClient.code)) {
        problems.push(
          `${p.path}: open to any signed-in user, but a client got ${describeOutcome(asClient)} (a role check belongs in agentProcedure or adminProcedure, not in a router)`,
        );
      }
    }
  }
  return problems;
}

/**
 * Proves the signed-out sweep's UNAUTHORIZED is not an accident of the missing input: for
 * every protected procedure whose input rejects `undefined`, a caller who may call it gets
 * BAD_REQUEST for that same input, so the session was checked before the input was parsed.
 */
export async function authBeforeInputProblems(
  { router, db, now }: SweepOptions,
  allowed: Record<'authed' | 'agent' | 'admin', Actor>,
): Promise<{ problems: string[]; checked: string[] }> {
  const problems: string[] = [];
  const checked: string[] = [];
  for (const p of proceduresOf(router)) {
    if (p.access !== 'authed' && p.access !== 'agent' && p.access !== 'admin') continue;
    let rejectsUndefined = false;
    for (const parser of p.def.inputs) {
      if (parser instanceof z.ZodType && !(await parser.safeParseAsync(undefined)).success) rejectsUndefined = true;
    }
    if (!rejectsUndefined) continue;
    checked.push(p.path);
    const outcome = await callAs(router, db, allowed[p.access], now, p.path, undefined);
    if (outcome.ok || outcome.code !== 'BAD_REQUEST') {
      problems.push(
        `${p.path}: its input rejects undefined, yet a permitted caller got ${describeOutcome(outcome)} instead of BAD_REQUEST`,
      );
    }
  }
  return { problems, checked };
}

// ---------------------------------------------------------------------------- API tokens

/** The scope sets the token sweep tries: none, each scope alone, and all of them. */
const sweptScopeSets: readonly (readonly string[])[] = [[], ...apiScopes.map((s) => [s]), [...apiScopes]];

/** Paths of the router whose first segment lib/token-scopes.ts does not map (refused to every token). */
export function unmappedScopePaths(router: AnyTRPCRouter): string[] {
  return proceduresOf(router)
    .map((p) => p.path)
    .filter((path) => !(path.split('.')[0]! in procedureScopes));
}

/**
 * Every protected procedure called with a token of each scope set (as its owner, of the role
 * it needs), with `undefined` input: a token without the scope the procedure's domain needs
 * is FORBIDDEN naming it, before anything else happens; one with it gets past the check (any
 * other answer but FORBIDDEN or UNAUTHORIZED). Session-only procedures refuse every token.
 */
export async function scopeProblems(
  { router, db, now }: SweepOptions,
  allowed: Record<'authed' | 'agent', Actor>,
  scopeSets: readonly (readonly string[])[] = sweptScopeSets,
): Promise<string[]> {
  const problems: string[] = [];
  for (const p of proceduresOf(router)) {
    if (p.access !== 'authed' && p.access !== 'agent') continue;
    const needs = requiredScope(p.path, p.type);
    for (const scopes of scopeSets) {
      const actor = { ...allowed[p.access], token: { id: 'token-sweep', scopes } };
      const outcome = await callAs(router, db, actor, now, p.path, undefined);
      const permitted = needs !== 'session' && (needs === null || grants(scopes, needs));
      const label = `${p.path} with [${scopes.join(', ')}]`;
      if (!permitted && (outcome.ok || outcome.code !== 'FORBIDDEN' || outcome.message !== missingScopeMessage(needs!)))
        problems.push(`${label}: needs ${needs}, but got ${describeOutcome(outcome)} instead of FORBIDDEN naming it`);
      if (permitted && !outcome.ok && ['FORBIDDEN', 'UNAUTHORIZED'].includes(outcome.code))
        problems.push(`${label}: the token has ${needs ?? 'no scope to need'}, but got ${describeOutcome(outcome)}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------- ownership

/** A row id of the kind the entry stands for, owned by `ownerId` (undefined when they own none). */
export type OwnedIdQuery = (db: Database, ownerId: string) => Promise<string | undefined>;
/** Rows nobody owns (a catalogue every signed-in user reads): any existing id; no ownership check. */
interface SharedIdEntry {
  shared: (db: Database) => Promise<string | undefined>;
}
export type OwnedIdEntry = OwnedIdQuery | SharedIdEntry;
const isShared = (entry: OwnedIdEntry | undefined): entry is SharedIdEntry =>
  typeof entry === 'object' && 'shared' in entry;

const isIdKey = (key: string) => key === 'id' || /[a-z0-9]Id$/.test(key);

type ZodDef = {
  type?: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  innerType?: unknown;
  left?: unknown;
  right?: unknown;
  options?: unknown[];
};
const zodDef = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } })?._zod?.def;

/** Top-level keys of an input schema (through optional, default, pipe, intersection, union); undefined for non-zod parsers. */
function inputKeys(schema: unknown, depth = 0): string[] | undefined {
  const def = zodDef(schema);
  if (!def || depth > 10) return undefined;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return inputKeys(def.in, depth + 1);
  if (def.innerType) return inputKeys(def.innerType, depth + 1);
  if (def.type === 'intersection')
    return [...(inputKeys(def.left, depth + 1) ?? []), ...(inputKeys(def.right, depth + 1) ?? [])];
  if (def.type === 'union') return (def.options ?? []).flatMap((o) => inputKeys(o, depth + 1) ?? []);
  return [];
}

/** The id-like keys of a procedure's input: `id` and every `somethingId`. */
function idKeysOf(p: SweptProcedure): { keys: string[]; unreadable: boolean } {
  const keys = new Set<string>();
  let unreadable = false;
  for (const parser of p.def.inputs) {
    const found = inputKeys(parser);
    if (!found) unreadable = true;
    for (const key of found ?? []) if (isIdKey(key)) keys.add(key);
  }
  return { keys: [...keys].sort(), unreadable };
}

/** Where the id table is looked up for one key: "trips.byId.id" first, then the namespace (for `id`) or the key. */
function entryNamesFor(path: string, key: string): string[] {
  const names = [`${path}.${key}`];
  if (key !== 'id') return [...names, key];
  const segments = path.split('.').slice(0, -1);
  for (let n = segments.length; n > 0; n--) names.push(segments.slice(0, n).join('.'));
  return names;
}

export interface OwnershipOptions {
  router: AnyTRPCRouter;
  /** A freshly seeded database (mutations called by the owner each get their own). */
  freshDatabase: () => Promise<Database>;
  now: () => Date;
  owner: Actor;
  other: Actor;
  ownedIds: Record<string, OwnedIdEntry>;
  /** Hand-built inputs for procedures whose schema the sampler cannot satisfy: path → input from the ids. */
  sampleInputs?: Record<string, (ids: Record<string, string>) => unknown>;
  /** Where photos' bytes are (the file routes read them); by default none. */
  photoStore?: PhotoStore;
}

/** A valid input for the procedure with the given ids, or a problem explaining why there is none. */
function buildInput(p: SweptProcedure, ids: Record<string, string>, options: OwnershipOptions): unknown {
  const custom = options.sampleInputs?.[p.path];
  if (custom) return custom(ids);
  let input: Record<string, unknown> = {};
  for (const parser of p.def.inputs) {
    const jsonSchema = z.toJSONSchema(parser as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    // Only the required fields: an id check needs nothing else, and fewer fields break fewer business rules.
    const sample = validSample(jsonSchema, jsonSchema, { requiredOnly: true });
    if (sample && typeof sample === 'object') input = { ...input, ...(sample as Record<string, unknown>) };
  }
  return { ...input, ...ids };
}

async function invalidInput(p: SweptProcedure, input: unknown): Promise<string | undefined> {
  for (const parser of p.def.inputs) {
    const result = await (parser as z.ZodType).safeParseAsync(input);
    if (!result.success)
      return result.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
  }
  return undefined;
}

/**
 * Every signed-in procedure that takes an id: called by `other` with `owner`'s ids it is
 * NOT_FOUND and changes no table; called by `owner` it succeeds (so the NOT_FOUND is
 * about ownership, not a bad id). With several ids, each foreign id is also tried alone
 * among the caller's own ones (the classic "my trip, your event" hole).
 */
export async function ownershipProblems(options: OwnershipOptions): Promise<{ problems: string[]; checked: string[] }> {
  const { router, now, owner, other, ownedIds } = options;
  const problems: string[] = [];
  const checked: string[] = [];
  const db = await options.freshDatabase();
  const { snapshot } = snapshotWatcher(db);

  for (const p of proceduresOf(router)) {
    // Public procedures have no actor to own anything; agent-only ones are closed to travellers
    // altogether (roleProblems proves it).
    if (p.access !== 'authed') continue;
    const { keys, unreadable } = idKeysOf(p);
    if (unreadable)
      problems.push(`${p.path}: its input parser is not a zod schema, so the sweep cannot see whether it takes ids`);
    if (keys.length === 0) continue;

    const entries: Record<string, OwnedIdEntry> = {};
    for (const key of keys) {
      const names = entryNamesFor(p.path, key);
      const name = names.find((n) => n in ownedIds);
      if (!name) {
        problems.push(
          `${p.path} takes the id "${key}" but ownedIds (authorization.test.ts) has no entry for it: add one of ${names.map((n) => `'${n}'`).join(', ')} ` +
            `with a query for a row owned by the given user (or { shared: query } for rows nobody owns)`,
        );
        continue;
      }
      entries[key] = ownedIds[name]!;
    }
    if (Object.keys(entries).length !== keys.length) continue;

    const idsOf = async (actor: Actor, inDb = db) => {
      const ids: Record<string, string> = {};
      for (const [key, entry] of Object.entries(entries)) {
        const found = isShared(entry) ? await entry.shared(inDb) : await entry(inDb, actor.id);
        if (found !== undefined) ids[key] = found;
      }
      return ids;
    };
    const victimIds = await idsOf(owner);
    const missing = keys.filter((k) => !(k in victimIds));
    if (missing.length) {
      problems.push(
        `${p.path}: ownedIds found no row for ${missing.join(', ')} owned by ${owner.id}; the demo seed needs one`,
      );
      continue;
    }
    const ownedKeys = keys.filter((k) => !isShared(entries[k]));
    checked.push(p.path);

    let input: unknown;
    let invalid: string | undefined;
    try {
      input = buildInput(p, victimIds, options);
      invalid = await invalidInput(p, input);
    } catch (error) {
      invalid = `the input schema could not be sampled: ${(error as Error).message}`;
    }
    if (invalid) {
      problems.push(
        `${p.path}: the sweep could not build a valid input (${invalid}); add a sampleInputs entry in authorization.test.ts`,
      );
      continue;
    }

    // The other traveller, with the owner's ids (all at once, then one foreign id at a time).
    const attempts: { label: string; input: unknown }[] = [];
    if (ownedKeys.length) attempts.push({ label: `all of ${owner.id}'s ids`, input });
    if (ownedKeys.length > 1) {
      const theirIds = await idsOf(other);
      for (const key of ownedKeys) {
        if (ownedKeys.some((k) => k !== key && !(k in theirIds))) continue;
        attempts.push({
          label: `${owner.id}'s ${key} among ${other.id}'s own ids`,
          input: { ...(input as object), ...theirIds, [key]: victimIds[key] },
        });
      }
    }
    for (const attempt of attempts) {
      const before = await snapshot();
      const outcome = await callAs(router, db, other, now, p.path, attempt.input, options.photoStore);
      const changes = snapshotChanges(before, await snapshot());
      if (outcome.ok || outcome.code !== 'NOT_FOUND') {
        problems.push(
          `${p.path}: ${other.id} called it with ${attempt.label} and got ${describeOutcome(outcome)} instead of NOT_FOUND`,
        );
      }
      if (changes.length)
        problems.push(
          `${p.path}: ${other.id}'s call with ${attempt.label} changed the database: ${changes.join('; ')}`,
        );
    }

    // The owner, with the same input: a mutation on a database of its own, so it cannot disturb the others.
    const ownerDb = p.type === 'mutation' ? await options.freshDatabase() : db;
    // An entry may create its row (a kind the demo seed has none of): the ids are looked up again there.
    const ownerInput = ownerDb === db ? input : { ...(input as object), ...(await idsOf(owner, ownerDb)) };
    const asOwner = await callAs(router, ownerDb, owner, now, p.path, ownerInput, options.photoStore);
    if (!asOwner.ok) {
      problems.push(
        `${p.path}: the owner ${owner.id} got ${describeOutcome(asOwner)} with ${JSON.stringify(input)}; the ids must be real ` +
          `(or add a sampleInputs entry if the generated input is refused for another reason)`,
      );
    }
  }
  return { problems, checked };
}
