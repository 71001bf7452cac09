import type { Database } from '@naav/db';
import { zipSync, type Zippable } from 'fflate';
import type { Actor } from '../../context';
import { expensesCsv } from '../expenses/expense-stream.service';
import type { PhotoStore } from '../photos/photo-store';
import { tripCalendar } from '../sharing/sharing.service';
import { type UserDataTable, userDataTables } from './user-data';

type Row = Record<string, unknown>;

const readme = `Your Naav data
==============

Each .json file holds one domain, as {"<table>": [rows]}: dates are YYYY-MM-DD, instants ISO 8601
(columns ending in "At"), yes/no 0 or 1, money in minor units (cents), lists as JSON text.

profile.json       your account: name, e-mail, role
account.json       your sign-in methods and sessions (no passwords or tokens)
trips.json         your trips, their events, companions, photos (the list), bookings, sharing, activity
budget.json        expenses, their parts, category budgets
packing.json       packing lists, templates, to-dos
journal.json       your travel journal
availability.json  availability windows and occasions
preferences.json   interests, wishlist, food preferences, favourite ideas
documents.json     travel documents
concierge.json     your concierge conversation, service requests and trip requests
family.json        your groups and their members
proposals.json     proposals made for you (or by you, for an agent) with items and feedback

photos/<trip id>/  each trip's photos
calendars/         each trip as an iCalendar (.ics) file
expenses/          each trip's expenses as CSV
`;

/** Instants as ISO text; everything else as stored. */
function readable(row: Row, omit: readonly string[] = []): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key)) continue;
    out[key] = key.endsWith('At') && typeof value === 'number' ? new Date(value).toISOString() : value;
  }
  return out;
}

/** The person's rows of every table the export writes, grouped by file. */
async function tablesOf(db: Database, owner: Actor): Promise<Map<string, Record<string, Row[]>>> {
  const files = new Map<string, Record<string, Row[]>>();
  for (const [table, spec] of Object.entries(userDataTables) as [string, UserDataTable][]) {
    if (typeof spec.file !== 'string') continue;
    const result = await db.$client.execute({
      sql: `SELECT * FROM "${table}" WHERE ${spec.exportWhere ?? spec.where}`,
      args: { user: owner.id, email: owner.email },
    });
    const rows = result.rows.map((r) => readable({ ...r } as Row, spec.omit));
    const file = files.get(spec.file) ?? {};
    file[table] = rows;
    files.set(spec.file, file);
  }
  return files;
}

const extensionOf: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A file name of the photo's own name and id, with the extension of what is stored. */
const photoName = (photo: Row) =>
  `${String(photo.id)}-${String(photo.fileName)
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 60)}.${extensionOf[String(photo.contentType)] ?? 'bin'}`;

/**
 * The zip of everything `owner` owns (docs/api.md lists its files): the JSON files, each
 * trip's photos, calendar and expenses as CSV, the last two through the same services as
 * their downloads. Photos are stored as they are (already compressed); text is deflated.
 */
export async function buildExportArchive(
  db: Database,
  owner: Actor,
  photoStore: PhotoStore,
  now: Date,
): Promise<Uint8Array> {
  const encode = (text: string) => new TextEncoder().encode(text);
  const entries: Zippable = { 'README.txt': encode(readme) };
  const files = await tablesOf(db, owner);
  for (const [name, content] of files) entries[name] = encode(`${JSON.stringify(content, null, 2)}\n`);

  const trips = files.get('trips.json')?.trips ?? [];
  for (const trip of trips) {
    const id = String(trip.id);
    const calendar = await tripCalendar(db, owner, id, now);
    entries[`calendars/${id}.ics`] = encode(calendar.content);
    const csv = await expensesCsv(db, owner, { id, range: 'all' }, now);
    let text = '';
    for await (const chunk of csv.chunks) text += chunk;
    entries[`expenses/${id}.csv`] = encode(text);
  }
  for (const photo of files.get('trips.json')?.photos ?? []) {
    const bytes = await photoStore.get(String(photo.storageKey));
    if (bytes) entries[`photos/${String(photo.tripId)}/${photoName(photo)}`] = [bytes, { level: 0 }];
  }
  return zipSync(entries, { level: 6, mtime: now });
}
