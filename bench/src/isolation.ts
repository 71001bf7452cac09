import { Worker } from 'node:worker_threads';
import { crc32, deflateRawSync } from 'node:zlib';
import { bookingParserBudgets, maxBookingFileBytes, maxBookingFiles, maxTopics } from '@naav/api/server';
import { median, round } from './batch-attack';
import type { Row } from './table';

/**
 * Isolation: one account runs each of the attacks at the limits the server allows while
 * another signed-in user's GET /api/trips is timed, one request at a time (the batch attack's
 * sampler). Target: that user's p50 during each attack at most 2× their quiet p50.
 */

/** The server's own stream limits (LIVE_STREAMS_PER_SESSION / LIVE_STREAMS_PER_USER defaults in apps/server/src/env.ts), passed to it explicitly. */
const isolationStreamLimits = { perSession: 10, perUser: 30 };
export const isolationServerEnv = {
  LIVE_STREAMS_PER_SESSION: String(isolationStreamLimits.perSession),
  LIVE_STREAMS_PER_USER: String(isolationStreamLimits.perUser),
};
const isolationTarget = 2;

/** Previews at once: one more than a user's bound, so refusals are part of the picture. Renames go one at a time, back to back. */
const previewsInFlight = bookingParserBudgets.perUser + 1;

interface AttackReport {
  name: string;
  /** The victim's p50 with nothing else running, measured just before this attack (the machine's load drifts). */
  quietP50Ms: number;
  /** What the attack sent, as the row prints it (and how an input was cut to a limit). */
  detail: string;
  victimP50Ms: number;
  ratio: number;
  victimRequests: number;
  /** The attack's answers by status (for the stream flood: the renames'). */
  statuses: Record<string, number>;
  /** The stream flood only: its GET /api/stream answers by status. */
  streamStatuses?: Record<string, number>;
  /** The stream flood only: the victim's p50 during the same renames with no stream open, and their answers. */
  withoutStreams?: { victimP50Ms: number; statuses: Record<string, number> };
}

export interface IsolationReport {
  attacks: AttackReport[];
}

interface Account {
  baseUrl: string;
  /** A fresh signed-in session of the attacking account each call (the stream flood needs several). */
  signIn: () => Promise<string>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** batch-attack.ts's sampler (one request at a time) on a thread of its own (victim-thread.mjs): the latencies in ms. */
function victim(url: string, cookie: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(new URL('./victim-thread.mjs', import.meta.url), { workerData: { url, cookie, seconds } });
    thread.once('message', resolve);
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`the victim's thread ended (${code}) before it answered`)));
  });
}
const count = (statuses: Record<string, number>, status: number) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
};

async function send(baseUrl: string, cookie: string, method: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/**
 * Runs `attack` while the victim is timed, from one second in (the attack at full pressure); then
 * stops it and waits for the answers it is still owed, so the next attack starts on an idle server.
 */
async function during(tripsUrl: string, victimCookie: string, seconds: number, attack: (signal: AbortSignal) => Promise<void>): Promise<number[]> {
  const abort = new AbortController();
  const running = attack(abort.signal);
  try {
    await sleep(1000);
    return await victim(tripsUrl, victimCookie, seconds);
  } finally {
    abort.abort();
    await running;
  }
}

/** `n` loops of `once` until aborted (the requests under way are answered, not cut off); each answer's status counted. */
async function loops(n: number, signal: AbortSignal, statuses: Record<string, number>, once: (i: number) => Promise<Response>): Promise<void> {
  let sent = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (!signal.aborted) {
        try {
          const res = await once(sent++);
          await res.arrayBuffer();
          count(statuses, res.status);
        } catch {
          count(statuses, 0);
        }
      }
    }),
  );
}

/** Opens an event stream and reads it until `signal` aborts; resolves with the answer's status once the headers arrive. */
async function holdStream(url: string, cookie: string, signal: AbortSignal): Promise<number> {
  const res = await fetch(url, { headers: { cookie }, signal });
  if (res.status !== 200 || !res.body) {
    await res.arrayBuffer();
    return res.status;
  }
  void (async () => {
    try {
      for await (const _ of res.body!) {
        // Events are read and dropped, as a client would.
      }
    } catch {
      // Aborted at the end of the attack.
    }
  })();
  return res.status;
}

/**
 * (a) As many streams as the limits allow (sessions of the same account until the per-user limit),
 * each on the most topics a stream may name, then the account's own family group renamed over
 * and over: each rename makes every stream re-check its topics.
 */
async function streamFlood(account: Account, tripsUrl: string, victimCookie: string, seconds: number): Promise<Measured> {
  const { baseUrl } = account;
  const first = await account.signIn();
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie: first } })).json()) as { id: string };
  const groups: string[] = [];
  for (let i = 0; groups.length < maxTopics - 2; i++) {
    groups.push(((await send(baseUrl, first, 'POST', '/api/family/groups', { name: `Flood ${i}`, type: 'friends' })) as { id: string }).id);
  }
  const topics = [`trips:${me.id}`, `concierge:${me.id}`, ...groups.map((id) => `group:${id}`)];
  const streamUrl = `${baseUrl}/api/stream?topics=${topics.join(',')}`;
  const sessions = [first];
  while (sessions.length * isolationStreamLimits.perSession < isolationStreamLimits.perUser) sessions.push(await account.signIn());

  const renames = (statuses: Record<string, number>) => (signal: AbortSignal) =>
    loops(1, signal, statuses, (i) =>
      fetch(`${baseUrl}/api/family/groups/${groups[0]}`, {
        method: 'PATCH',
        headers: { cookie: first, origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Renamed ${i}` }),
      }),
    );
  // The renames alone first, no stream open: what the streams add is the difference.
  const aloneStatuses: Record<string, number> = {};
  const alone = await during(tripsUrl, victimCookie, seconds, renames(aloneStatuses));

  const hold = new AbortController();
  const streamStatuses: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  try {
    // Every session one stream beyond its own limit: the extra ones are refused (per session, then per user).
    for (const cookie of sessions) {
      for (let i = 0; i <= isolationStreamLimits.perSession; i++) count(streamStatuses, await holdStream(streamUrl, cookie, hold.signal));
    }
    const latencies = await during(tripsUrl, victimCookie, seconds, renames(statuses));
    const streams = streamStatuses['200'] ?? 0;
    return {
      name: 'live-stream flood',
      detail: `${streams} streams over ${sessions.length} sessions × ${topics.length} topics, own group renamed back to back`,
      victimP50Ms: round(median(latencies)),
      victimRequests: latencies.length,
      statuses,
      streamStatuses,
      withoutStreams: { victimP50Ms: round(median(alone)), statuses: aloneStatuses },
    };
  } finally {
    hold.abort();
  }
}

// The four import inputs of the issue, built here (no binary fixtures).

/** (b) A calendar whose DESCRIPTION is "Confirmation" and 120,000 spaces (the quadratic confirmation pattern). */
function confirmationSpaces(): File {
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Naav bench//EN',
    'BEGIN:VEVENT',
    'UID:isolation-1@naav.example',
    'DTSTART:20270303T100000Z',
    'DTEND:20270303T120000Z',
    'SUMMARY:Walking tour',
    `DESCRIPTION:Confirmation${' '.repeat(120_000)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return new File([ics], 'spaces.ics', { type: 'text/calendar' });
}

/** (c) A 260 KB page repeating `<script` that never closes (the ld+json sniff). */
function unclosedScripts(): File {
  const head = '<html><body>';
  return new File([head + '<script'.repeat(Math.floor((260_000 - head.length) / '<script'.length))], 'scripts.html', { type: 'text/html' });
}

/** (d) 160,000 reservations of one flight, one passenger each, over 4 pages (the merge of the same booking). */
function reservations(): { files: File[]; perFile: number } {
  const files = 4;
  const perFile = 40_000;
  // A JSON-LD block holds at most 1 MB and 20,000 nodes: 8,000 reservations (two nodes each) per block.
  const perBlock = 8_000;
  const pages: File[] = [];
  for (let f = 0; f < files; f++) {
    const blocks: string[] = [];
    for (let start = 0; start < perFile; start += perBlock) {
      const graph = [`{"@id":"f","@type":"Flight","flightNumber":"TP1350","departureTime":"2027-03-03T10:00:00Z"}`];
      for (let i = start; i < start + perBlock; i++) {
        graph.push(`{"@type":"FlightReservation","reservationNumber":"QX7P2M","underName":"P${f}x${i}","reservationFor":{"@id":"f"}}`);
      }
      blocks.push(`<script type="application/ld+json">{"@context":"http://schema.org","@graph":[${graph.join(',')}]}</script>`);
    }
    const html = `<html><body>${blocks.join('\n')}</body></html>`;
    if (html.length > maxBookingFileBytes) throw new Error(`reservations page ${f} is ${html.length} bytes, over the ${maxBookingFileBytes}-byte file limit`);
    pages.push(new File([html], `reservations-${f + 1}.html`, { type: 'text/html' }));
  }
  return { files: pages, perFile };
}

/**
 * (e) A 250 KB wallet pass: one deflate stream of a pass.json that inflates to about 250 MB,
 * and a central directory listing it 10 times (every entry pointing at the same stream). Each
 * entry declares 200 KB inflated, within what a pass.json and a whole pass may declare, so only
 * the overlap of the entries gives it away.
 */
function overlappingPass(): File {
  const name = Buffer.from('pass.json');
  const inflated = Buffer.alloc(250_000 * 1030, 0x20);
  inflated.write('{"description":"', 0);
  inflated.write('"}', inflated.length - 2);
  const data = deflateRawSync(inflated, { level: 9 });
  const crc = crc32(inflated);
  const declared = 200 * 1024;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const entries = 10;
  const central: Buffer[] = [];
  for (let i = 0; i < entries; i++) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(0, 42); // every entry at the same local header
    central.push(header, name);
  }
  const directory = Buffer.concat(central);
  const directoryAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return new File([local, name, data, directory, end], 'overlapping.pkpass', { type: 'application/vnd.apple.pkpass' });
}

/** One import input sent through POST /api/trips/{id}/bookings/preview, `previewsInFlight` at a time, while the victim is timed. */
async function previewFlood(
  account: Account,
  cookie: string,
  tripId: string,
  tripsUrl: string,
  victimCookie: string,
  seconds: number,
  input: { name: string; detail: string; files: File[] },
): Promise<Measured> {
  const statuses: Record<string, number> = {};
  const latencies = await during(tripsUrl, victimCookie, seconds, (signal) =>
    loops(previewsInFlight, signal, statuses, () => {
      const form = new FormData();
      for (const file of input.files) form.append('file', file);
      return fetch(`${account.baseUrl}/api/trips/${tripId}/bookings/preview`, { method: 'POST', headers: { cookie, origin: account.baseUrl }, body: form });
    }),
  );
  return { name: input.name, detail: input.detail, victimP50Ms: round(median(latencies)), victimRequests: latencies.length, statuses };
}

type Measured = Omit<AttackReport, 'quietP50Ms' | 'ratio'>;

/**
 * Another user's GET /api/trips p50 quiet, then during each attack of `account`, `seconds` each
 * (from a second into the attack, when it is at full pressure); quiet again before each attack,
 * since the load of whatever else runs on the machine drifts.
 */
export async function benchIsolation(account: Account, victimCookie: string, seconds: number): Promise<IsolationReport> {
  const tripsUrl = `${account.baseUrl}/api/trips`;
  await victim(tripsUrl, victimCookie, 1); // warm-up
  const attacks: AttackReport[] = [];
  const measure = async (name: string, attack: () => Promise<Measured>) => {
    console.log(`Isolation: quiet, then ${name}…`);
    const quietP50Ms = round(median(await victim(tripsUrl, victimCookie, seconds)));
    const report = await attack();
    const ratio = round(report.victimP50Ms / quietP50Ms);
    attacks.push({ ...report, quietP50Ms, ratio });
    console.log(`  ${report.name}: p50 ${report.victimP50Ms} ms, quiet ${quietP50Ms} ms (${ratio}×)`);
  };

  await measure('the live-stream flood', () => streamFlood(account, tripsUrl, victimCookie, seconds));

  const cookie = await account.signIn();
  const trip = { title: 'Isolation', destination: 'Lisbon', location: 'Lisbon, Portugal', startDate: '2027-03-01', endDate: '2027-03-10' };
  const tripId = ((await send(account.baseUrl, cookie, 'POST', '/api/trips', trip)) as { id: string }).id;
  const copies = (file: File) => Array.from({ length: maxBookingFiles }, () => file);
  const { files: pages, perFile } = reservations();
  const pass = overlappingPass();
  const inputs = [
    { name: '.ics "Confirmation" + 120,000 spaces', detail: `${maxBookingFiles} copies per preview`, files: copies(confirmationSpaces()) },
    { name: '260 KB HTML of unclosed <script', detail: `${maxBookingFiles} copies per preview`, files: copies(unclosedScripts()) },
    {
      name: `${(pages.length * perFile).toLocaleString('en')} reservations over ${pages.length} files`,
      detail: `one flight, a passenger each; ${(Math.max(...pages.map((p) => p.size)) / 1e6).toFixed(1)} MB per file`,
      files: pages,
    },
    { name: `${(pass.size / 1000).toFixed(0)} KB .pkpass, 10 entries on one deflate stream`, detail: `${maxBookingFiles} copies per preview`, files: copies(pass) },
  ];
  for (const input of inputs) {
    await measure(`previews of ${input.name}`, () =>
      previewFlood(account, cookie, tripId, tripsUrl, victimCookie, seconds, { ...input, detail: `${input.detail}, ${previewsInFlight} at once` }),
    );
  }
  return { attacks };
}

const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : status}`)
    .join(', ') || 'none';

export function isolationRows(report: IsolationReport): Row[] {
  const out: Row[] = [];
  for (const a of report.attacks) {
    out.push({
      metric: `isolation: ${a.name} (${a.detail}): another user's GET /api/trips p50 during ÷ quiet`,
      value: `${a.victimP50Ms} ÷ ${a.quietP50Ms} ms = ${a.ratio.toFixed(2)}×`,
      target: `≤ ${isolationTarget}× quiet`,
      pass: a.ratio <= isolationTarget,
    });
    if (a.streamStatuses) out.push({ metric: '… its GET /api/stream answers', value: statusList(a.streamStatuses) });
    out.push({ metric: a.streamStatuses ? '… its renames’ answers' : '… its answers', value: statusList(a.statuses) });
    if (a.withoutStreams) {
      const ratio = a.withoutStreams.victimP50Ms / a.quietP50Ms;
      out.push({ metric: '… for comparison, the same renames with no stream open', value: `${a.withoutStreams.victimP50Ms} ms, ${ratio.toFixed(2)}× (${statusList(a.withoutStreams.statuses)})` });
    }
  }
  return out;
}
