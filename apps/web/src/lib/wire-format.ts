/**
 * The tRPC transformer of the web app: superjson's wire format (`{ json, meta: { values,
 * referentialEqualities, v: 1 } }`, what the server's superjson writes and reads), for the
 * values a procedure's input or output can hold: plain objects and arrays, Date, undefined,
 * NaN, ±Infinity and -0, bigint, RegExp, Set, Map, URL and Error. superjson itself (with its
 * deep copy and class and symbol registries the app does not use) stays out of the first
 * download. A type it would mark that is not listed here (a registered class, symbol or custom
 * type, a typed array, a link into a Set or Map) throws, never decodes wrongly; wire-format.test.ts checks both
 * directions against superjson.
 */

type Tree = [string, Record<string, Tree>?] | { [key: string]: Tree };
type Payload = { json: unknown; meta?: { values?: Tree; referentialEqualities?: unknown; v?: number } };

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const escapeKey = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');

function parsePath(path: string): string[] {
  const segments: string[] = [];
  let segment = '';
  for (let i = 0; i < path.length; i++) {
    const char = path.charAt(i);
    if (char === '\\') {
      const escaped = path.charAt(i + 1);
      if (escaped !== '\\' && escaped !== '.') throw new Error('invalid path');
      segment += escaped;
      i++;
    } else if (char === '.') {
      segments.push(segment);
      segment = '';
    } else segment += char;
  }
  segments.push(segment);
  return segments;
}

function checkPath(path: string[]) {
  for (const key of ['__proto__', 'prototype', 'constructor'])
    if (path.includes(key)) throw new Error(`${key} is not allowed as a property`);
}

/** The value at a path of plain objects and arrays (a path into a Set or Map is not needed by the app). */
function getDeep(root: unknown, path: string[]): unknown {
  checkPath(path);
  let value = root;
  for (const key of path) {
    if (value instanceof Set || value instanceof Map) throw new Error('a path into a Set or Map is not supported');
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function setDeep(root: unknown, path: string[], map: (value: unknown) => unknown): unknown {
  checkPath(path);
  if (path.length === 0) return map(root);
  const parent = getDeep(root, path.slice(0, -1)) as Record<string, unknown>;
  if (parent instanceof Set || parent instanceof Map) throw new Error('a path into a Set or Map is not supported');
  const key = path.at(-1) as string;
  parent[key] = map(parent[key]);
  return root;
}

function untransform(value: unknown, type: unknown): unknown {
  switch (type) {
    case 'undefined':
      return undefined;
    case 'Date':
      return new Date(value as string);
    case 'number':
      return Number(value);
    case 'bigint':
      return BigInt(value as string);
    case 'regexp': {
      const source = value as string;
      const slash = source.lastIndexOf('/');
      return new RegExp(source.slice(1, slash), source.slice(slash + 1));
    }
    case 'set':
      return new Set(value as unknown[]);
    case 'map':
      return new Map(value as [unknown, unknown][]);
    case 'URL':
      return new URL(value as string);
    case 'Error': {
      const fields = value as { name: string; message: string; cause?: unknown; stack?: string };
      const error = new Error(fields.message, { cause: fields.cause });
      error.name = fields.name;
      // As superjson: the stack is not sent, so the copy has none.
      (error as { stack?: string | undefined }).stack = fields.stack;
      return error;
    }
    default:
      throw new Error(`The answer holds a value of a type the app does not read (${JSON.stringify(type)})`);
  }
}

/** Applies a tree of annotations, children before their parent, as superjson does. */
function applyValues(root: unknown, tree: Tree, origin: string[] = []): unknown {
  let result = root;
  if (!Array.isArray(tree)) {
    for (const [key, subtree] of Object.entries(tree))
      result = applyValues(result, subtree, [...origin, ...parsePath(key)]);
    return result;
  }
  const [type, children] = tree;
  for (const [key, child] of Object.entries(children ?? {}))
    result = applyValues(result, child, [...origin, ...parsePath(key)]);
  return setDeep(result, origin, (value) => untransform(value, type));
}

function applyEqualities(root: unknown, annotations: unknown): unknown {
  let result = root;
  const link = (identicalPaths: string[], path: string) => {
    const object = getDeep(result, parsePath(path));
    for (const identical of identicalPaths) result = setDeep(result, parsePath(identical), () => object);
  };
  if (Array.isArray(annotations)) {
    const [rootPaths, others] = annotations as [string[], Record<string, string[]>?];
    for (const path of rootPaths) result = setDeep(result, parsePath(path), () => result);
    for (const [path, identical] of Object.entries(others ?? {})) link(identical, path);
  } else {
    for (const [path, identical] of Object.entries((annotations ?? {}) as Record<string, string[]>))
      link(identical, path);
  }
  return result;
}

/** Decodes what the server's superjson wrote (the parsed JSON is fresh from the response, so it is decoded in place). */
export function deserialize(payload: unknown): unknown {
  const { json, meta } = payload as Payload;
  if (!meta) return json;
  if ((meta.v ?? 0) < 1) throw new Error('The answer uses an older superjson path format');
  let result = json;
  if (meta.values) result = applyValues(result, meta.values);
  if (meta.referentialEqualities) result = applyEqualities(result, meta.referentialEqualities);
  return result;
}

type Walked = { value: unknown; annotations?: Tree };

/** superjson's rules for a value that is not walked into: its wire value and its annotation. */
function transform(value: unknown): { value: unknown; type: string } | undefined {
  if (value === undefined) return { value: null, type: 'undefined' };
  if (typeof value === 'bigint') return { value: value.toString(), type: 'bigint' };
  if (value instanceof Date && !Number.isNaN(value.valueOf())) return { value: value.toISOString(), type: 'Date' };
  if (value instanceof Error) {
    const fields: Record<string, unknown> = { name: value.name, message: value.message };
    if ('cause' in value) fields['cause'] = value.cause;
    return { value: fields, type: 'Error' };
  }
  if (value instanceof RegExp) return { value: `${value}`, type: 'regexp' };
  if (value instanceof Set) return { value: [...value.values()], type: 'set' };
  if (value instanceof Map) return { value: [...value.entries()], type: 'map' };
  if (typeof value === 'number' && (Number.isNaN(value) || !Number.isFinite(value)))
    return { value: Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity', type: 'number' };
  if (value === 0 && 1 / value === Number.NEGATIVE_INFINITY) return { value: '-0', type: 'number' };
  if (value instanceof URL) return { value: value.toString(), type: 'URL' };
  if (typeof value === 'symbol' || ArrayBuffer.isView(value))
    throw new Error('A symbol or typed array cannot be sent to the server');
  return undefined;
}

function walk(value: unknown, inPath: unknown[]): Walked {
  const deep =
    Array.isArray(value) ||
    isPlainObject(value) ||
    value instanceof Set ||
    value instanceof Map ||
    value instanceof Error;
  const transformed = transform(value);
  if (!deep) return transformed ? { value: transformed.value, annotations: [transformed.type] } : { value };
  // A circular reference is sent as null, as superjson does.
  if (inPath.includes(value)) return { value: null };
  const source = (transformed?.value ?? value) as Record<string, unknown>;
  const out: Record<string, unknown> | unknown[] = Array.isArray(source) ? [] : {};
  const inner: Record<string, Tree> = {};
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype')
      throw new Error(
        `Detected property ${key}. This is a prototype pollution risk, please remove it from your object.`,
      );
    const child = walk(source[key], [...inPath, value]);
    (out as Record<string, unknown>)[key] = child.value;
    if (Array.isArray(child.annotations)) inner[escapeKey(key)] = child.annotations;
    else if (child.annotations)
      for (const [path, tree] of Object.entries(child.annotations)) inner[`${escapeKey(key)}.${path}`] = tree;
  }
  const hasInner = Object.keys(inner).length > 0;
  if (transformed) return { value: out, annotations: hasInner ? [transformed.type, inner] : [transformed.type] };
  return hasInner ? { value: out, annotations: inner } : { value: out };
}

/** Encodes an input as superjson would (without marking objects that appear twice: the server needs no links between them). */
export function serialize(value: unknown): Payload {
  const walked = walk(value, []);
  return walked.annotations
    ? { json: walked.value, meta: { values: walked.annotations, v: 1 } }
    : { json: walked.value };
}
