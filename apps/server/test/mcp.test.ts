import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, listen, type TestServer } from './harness';
import { json, sendAs } from './http';

const NOW = new Date('2026-03-10T09:00:00Z');

let server: TestServer;
let url: string;
let close: () => Promise<void>;
const clients: Client[] = [];

/** An MCP client of the SDK, signed in as `email` (or not at all), over the real HTTP socket. */
async function connect(email: string | null): Promise<Client> {
  const cookie = email ? await server.signIn(email) : undefined;
  const client = new Client({ name: 'naav-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', url), {
    requestInit: { headers: cookie ? { cookie } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** An MCP client of the SDK that sends only an API token (no cookie, no Origin), as an assistant's host does. */
async function connectWithToken(token: string): Promise<Client> {
  const client = new Client({ name: 'naav-token-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** An API token of `email`'s, made over REST from a signed-in session. */
async function tokenOf(email: string, scopes: string[]): Promise<string> {
  const cookie = await server.signIn(email);
  return (
    await json<{ token: string }>(await sendAs(server, 'POST', '/api/tokens', cookie, { name: 'Assistant', scopes }))
  ).token;
}

/** Checks a tool's structured answer against the output schema the tool list declared. */
function validator(schema: object) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv.compile(schema);
}

type Tools = Awaited<ReturnType<Client['listTools']>>['tools'];
let travellerTools: Tools;
let traveller: Client;

beforeAll(async () => {
  server = await createTestServer({ now: () => NOW, inProcess: true });
  ({ url, close } = await listen(server.app!));
  traveller = await connect('traveller@naav.example');
  travellerTools = (await traveller.listTools()).tools;
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await close();
});

describe('POST /mcp', () => {
  it('refuses a client that is not signed in', async () => {
    await expect(connect(null)).rejects.toThrow(/401|Sign in/);
  });

  it('lists the REST procedures as tools, with input and output schemas and annotations', () => {
    const byName = new Map(travellerTools.map((t) => [t.name, t]));
    expect(byName.get('trips.list')).toMatchObject({
      description: expect.stringContaining('GET /api/trips'),
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { result: { type: 'array' } } },
      annotations: { readOnlyHint: true, destructiveHint: false },
    });
    expect(byName.get('expenses.delete')?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(byName.get('trips.cancel')?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get('trips.create')?.annotations).toMatchObject({ destructiveHint: false, readOnlyHint: false });
    // A create's input schema is its procedure's zod input: the required fields are named.
    expect(byName.get('trips.create')?.inputSchema.required).toEqual(expect.arrayContaining(['title']));
    for (const tool of travellerTools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    // A client does not see the agents' tools.
    expect(byName.has('clients.list')).toBe(false);
    expect(byName.has('proposals.create')).toBe(false);
  });

  it('calls trips.list: the answer is the REST answer and fits the declared output schema', async () => {
    const result = await traveller.callTool({ name: 'trips.list', arguments: {} });
    expect(result.isError).toBeFalsy();
    const trips = (result.structuredContent as { result: { id: string }[] }).result;
    expect(trips.length).toBeGreaterThan(0);
    const validate = validator(travellerTools.find((t) => t.name === 'trips.list')!.outputSchema!);
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    const cookie = await server.signIn('traveller@naav.example');
    const rest = (await (await server.request('/api/trips', { headers: { cookie } })).json()) as { id: string }[];
    expect(trips.map((t) => t.id)).toEqual(rest.map((t) => t.id));
  });

  it('every read-only tool without required input answers what its output schema says', async () => {
    const agent = await connect('agent@naav.example');
    for (const [client, tools] of [
      [traveller, travellerTools],
      [agent, (await agent.listTools()).tools],
    ] as const) {
      for (const tool of tools.filter((t) => t.annotations?.readOnlyHint && !t.inputSchema.required?.length)) {
        const result = await client.callTool({ name: tool.name, arguments: {} });
        if (result.isError) {
          // Only "nothing to show" (no current trip) may fail here.
          expect((result.content as { text: string }[])[0]?.text, tool.name).toMatch(/^NOT_FOUND/);
          continue;
        }
        const validate = validator(tool.outputSchema!);
        expect(validate(result.structuredContent), `${tool.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });

  it('refuses an agent-only tool called by a client, as the procedure does', async () => {
    const result = await traveller.callTool({ name: 'clients.list', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'FORBIDDEN: Only travel agents can do this' }]);
  });

  it('an agent calls the agents’ tools', async () => {
    const agent = await connect('agent@naav.example');
    const tools = (await agent.listTools()).tools;
    const result = await agent.callTool({ name: 'clients.list', arguments: {} });
    expect(result.isError).toBeFalsy();
    const validate = validator(tools.find((t) => t.name === 'clients.list')!.outputSchema!);
    expect(validate(result.structuredContent)).toBe(true);
  });

  it('bad input names the field, and someone else’s row is NOT_FOUND', async () => {
    const bad = await traveller.callTool({ name: 'trips.byId', arguments: { id: '' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0]?.text).toMatch(/^BAD_REQUEST: id: /);
    const other = await traveller.callTool({ name: 'trips.byId', arguments: { id: 'trip-nowhere' } });
    expect((other.content as { text: string }[])[0]?.text).toMatch(/^NOT_FOUND/);
  });

  it('answers one plain JSON-RPC POST on its own (the curl example of docs/api.md)', async () => {
    const cookie = await server.signIn('traveller@naav.example');
    const res = await fetch(new URL('/mcp', url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'trips.list', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; result: { structuredContent: { result: unknown[] } } };
    expect(body.id).toBe(1);
    expect(body.result.structuredContent.result.length).toBeGreaterThan(0);
  });

  it('offers today’s trip and the upcoming trips as resources', async () => {
    const { resources } = await traveller.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['naav://trips/today', 'naav://trips/upcoming']);
    const upcoming = await traveller.readResource({ uri: 'naav://trips/upcoming' });
    const trips = JSON.parse((upcoming.contents[0] as { text: string }).text) as {
      status: string;
      startDate: string;
    }[];
    expect(trips.length).toBeGreaterThan(0);
    expect(trips.every((t) => t.status === 'upcoming')).toBe(true);
    expect(trips.map((t) => t.startDate)).toEqual(trips.map((t) => t.startDate).sort());
    const today = await traveller.readResource({ uri: 'naav://trips/today' });
    const { trip, events } = JSON.parse((today.contents[0] as { text: string }).text) as {
      trip: { status: string } | null;
      events: unknown[];
    };
    expect(trip?.status).toBe('current');
    expect(Array.isArray(events)).toBe(true);
  });
});

describe('POST /mcp with an API token', () => {
  const everyDomain = ['trips:write', 'budget:write', 'proposals:write', 'concierge:write', 'family:write'];

  it("a client's token: lists its tools, calls trips.list, and is refused the agents' tools", async () => {
    const mcp = await connectWithToken(await tokenOf('traveller@naav.example', everyDomain));
    const { tools } = await mcp.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('trips.list');
    expect(names).not.toContain('clients.list');

    const trips = await mcp.callTool({ name: 'trips.list', arguments: {} });
    expect(trips.isError).toBeFalsy();
    const validate = validator(tools.find((t) => t.name === 'trips.list')!.outputSchema!);
    expect(validate(trips.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    expect((trips.structuredContent as { result: unknown[] }).result.length).toBeGreaterThan(0);

    // Not listed, and refused when called anyway.
    const refused = await mcp.callTool({ name: 'clients.list', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: 'text', text: 'FORBIDDEN: Only travel agents can do this' }]);
  });

  it("an agent's token calls the agents' tools, and every answer fits its output schema", async () => {
    const mcp = await connectWithToken(await tokenOf('agent@naav.example', ['proposals:read', 'trips:read']));
    const { tools } = await mcp.listTools();
    for (const name of ['clients.list', 'proposals.list', 'trips.list']) {
      const result = await mcp.callTool({ name, arguments: {} });
      expect(result.isError, name).toBeFalsy();
      const validate = validator(tools.find((t) => t.name === name)!.outputSchema!);
      expect(validate(result.structuredContent), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('a token is narrowed by its scopes: a call outside them names the scope', async () => {
    const mcp = await connectWithToken(await tokenOf('traveller@naav.example', ['budget:read']));
    const result = await mcp.callTool({ name: 'trips.list', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'FORBIDDEN: This API token lacks the trips:read scope' }]);
  });

  it('an unknown token is refused before any tool is listed', async () => {
    await expect(connectWithToken('naav_not-a-token')).rejects.toThrow(/401|unknown, revoked or expired/);
  });
});
