import { type AnyTRPCProcedure, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import type { Context } from './context';
import { appRouter } from './root';
import { describeZodError } from './lib/zod-message';
import { createAppCaller } from './server';
import type { Meta } from './trpc';

/** A JSON Schema (draft-07) object, as MCP carries it. */
type JsonSchema = { type: 'object'; [key: string]: unknown };

/** One MCP tool, made from one procedure with REST metadata: nothing here is written per tool. */
export interface McpTool {
  /** The procedure's path: `trips.list`. */
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
  /** Only agents see and may call it. */
  agentsOnly: boolean;
  adminOnly: boolean;
  /** Runs the procedure with the request's context; the answer as MCP's structured content (an object). */
  call: (ctx: Context, args: Record<string, unknown> | undefined) => Promise<Record<string, unknown>>;
}

/** Writes that remove or end something without a DELETE of their own (cancel a trip, decline a proposal). */
const destructiveActions = new Set(['trips.cancel', 'proposals.decline']);

/** Dates leave as ISO strings, as over REST; zod's own date type has no JSON Schema. */
function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if ((zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date') {
        jsonSchema.type = 'string';
        jsonSchema.format = 'date-time';
      }
    },
  }) as Record<string, unknown>;
}

/**
 * MCP wants objects in and out: an object schema stays as it is; anything else (a list, a void
 * input) is wrapped, the answer under `result`. Shared definitions stay at the root.
 */
function asObjectSchema(schema: Record<string, unknown>, key: string | null): JsonSchema {
  const { $schema: _schema, definitions, ...rest } = schema;
  if (rest['type'] === 'object') return { ...rest, ...(definitions ? { definitions } : {}) } as JsonSchema;
  if (key === null) return { type: 'object', properties: {}, additionalProperties: false };
  return {
    type: 'object',
    properties: { [key]: rest },
    required: [key],
    additionalProperties: false,
    ...(definitions ? { definitions } : {}),
  };
}

type Procedure = AnyTRPCProcedure & {
  _def: { type: string; meta?: Meta; inputs: z.ZodType[]; output?: z.ZodType };
};

let tools: McpTool[] | undefined;

/** Every procedure served over REST (meta.openapi), as an MCP tool; built once. */
export function mcpTools(): McpTool[] {
  tools ??= Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>)
    .filter(([, p]) => p._def.meta?.openapi && p._def.type !== 'subscription' && p._def.output)
    .map(([name, p]) => {
      const meta = p._def.meta!;
      const openapi = meta.openapi!;
      const input = p._def.inputs[0];
      const inputJson = input ? toJsonSchema(input, 'input') : {};
      const outputRaw = toJsonSchema(p._def.output!, 'output');
      const wrapped = outputRaw['type'] !== 'object';
      const takesNothing = !input || input.safeParse(undefined).success;
      const method = openapi.method;
      const path = name.split('.');
      return {
        name,
        title: openapi.summary ?? name,
        description: [
          `${openapi.summary ?? name}.`,
          openapi.description,
          meta.access === 'agent' ? 'Travel agents only.' : undefined,
          `The same as ${method} /api${openapi.path}.`,
        ]
          .filter(Boolean)
          .join(' '),
        inputSchema: asObjectSchema(inputJson, null),
        outputSchema: asObjectSchema(outputRaw, 'result'),
        annotations: {
          readOnlyHint: method === 'GET',
          destructiveHint: method === 'DELETE' || destructiveActions.has(name),
          idempotentHint: method === 'GET' || method === 'PUT' || method === 'DELETE',
          openWorldHint: false,
        },
        agentsOnly: meta.access === 'agent',
        adminOnly: meta.access === 'admin',
        call: async (ctx, args) => {
          let target: unknown = createAppCaller(ctx);
          for (const key of path) target = (target as Record<string, unknown>)[key];
          const empty = args === undefined || Object.keys(args).length === 0;
          const answer = await (target as (input: unknown) => Promise<unknown>)(
            empty && takesNothing ? undefined : (args ?? {}),
          );
          // What REST would send: dates as ISO strings, no undefined fields.
          const data = JSON.parse(JSON.stringify(answer ?? null)) as unknown;
          return wrapped ? { result: data } : (data as Record<string, unknown>);
        },
      } satisfies McpTool;
    });
  return tools;
}

/**
 * What a failed tool call tells the assistant: the procedure's code and message, as REST would
 * (a schema's issues as "field: problem"); null for a fault of ours, which stays on the server.
 */
export function toolErrorOf(error: unknown): { code: string; message: string } | null {
  if (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR') return null;
  const message = error.cause instanceof ZodError ? describeZodError(error.cause) : error.message;
  return { code: error.code, message };
}
