import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '@naav/api';
import { createAppCaller, mcpTools, toolErrorOf } from '@naav/api/server';
import { TRPCError } from '@trpc/server';

/** What an assistant reads without calling a tool. */
const resources = [
  {
    uri: 'naav://trips/today',
    name: 'today',
    title: "Today's trip",
    description: "The trip under way today (null when none) and today's events of it, by start time.",
    mimeType: 'application/json',
    read: async (ctx: Context) => {
      const caller = createAppCaller(ctx);
      const trip = await caller.trips.current().catch(notFoundAsNull);
      return { trip, events: trip ? await caller.trips.todaysEvents() : [] };
    },
  },
  {
    uri: 'naav://trips/upcoming',
    name: 'upcoming',
    title: 'Upcoming trips',
    description: 'The trips that have not started yet, soonest first.',
    mimeType: 'application/json',
    read: async (ctx: Context) => {
      const trips = await createAppCaller(ctx).trips.list();
      return trips.filter((t) => t.status === 'upcoming').sort((a, b) => a.startDate.localeCompare(b.startDate));
    },
  },
];

const notFoundAsNull = (error: unknown) => {
  if (error instanceof TRPCError && error.code === 'NOT_FOUND') return null;
  throw error;
};

/** A refused or failed call, as a tool result the assistant reads: `CODE: message`. */
function toolError(error: unknown) {
  const known = toolErrorOf(error);
  if (!known) console.error('mcp:', error);
  const { code, message } = known ?? { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' };
  return { isError: true, content: [{ type: 'text' as const, text: `${code}: ${message}` }] };
}

/**
 * One MCP server for one signed-in request: the tools its user's role may call (every procedure
 * with REST metadata, see mcpTools) and the resources, all answered through the procedures with
 * the request's own context, so ownership, roles and scopes are checked exactly as over REST.
 */
function mcpServerFor(ctx: Context, role: 'client' | 'agent' | 'admin'): Server {
  const server = new Server({ name: 'naav', version: '1.0.0' }, { capabilities: { tools: {}, resources: {} } });
  // Admins see every tool, agents all but the admin ones, clients neither.
  const visible = mcpTools().filter((t) => (role !== 'client' || !t.agentsOnly) && (role === 'admin' || !t.adminOnly));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: visible.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      outputSchema,
      annotations: { title, ...annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    // An agent-only tool called by a client is refused like the procedure refuses it.
    const tool = mcpTools().find((t) => t.name === params.name);
    if (!tool) return { isError: true, content: [{ type: 'text', text: `NOT_FOUND: no tool ${params.name}` }] };
    try {
      const structured = await tool.call(ctx, params.arguments);
      return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
    } catch (error) {
      return toolError(error);
    }
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: resources.map(({ read: _read, ...resource }) => resource),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
    const resource = resources.find((r) => r.uri === params.uri);
    if (!resource) throw new Error(`No resource ${params.uri}`);
    const data = await resource.read(ctx);
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: JSON.stringify(data) }] };
  });
  return server;
}

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (a server and a transport
 * per request, JSON answers), authenticated like /api by the request's context (`contextOf`).
 */
export function createMcpHandler(contextOf: (req: Request) => Context) {
  return async (req: Request): Promise<Response> => {
    const ctx = contextOf(req);
    const actor = await ctx.getActor();
    if (!actor) {
      return Response.json(
        { message: 'Sign in to continue: send an API token as Authorization: Bearer', code: 'UNAUTHORIZED' },
        { status: 401, headers: { 'WWW-Authenticate': 'Bearer realm="naav"' } },
      );
    }
    const server = mcpServerFor(ctx, actor.role);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(req);
    } finally {
      // JSON answers are complete once returned: nothing stays open per request.
      void server.close();
    }
  };
}
