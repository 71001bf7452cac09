import type { Database } from '@naav/db';
import { inboundMails, trips, user } from '@naav/db/schema';
import { importBookingInput } from '@naav/schemas/bookings';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Booking } from '../../lib/bookings/booking';
import { noticeInsert } from '../../lib/notify';
import { collectBookings, importBookings } from '../bookings/bookings.service';
import { createTrip } from '../trips/trips.service';

/** How long a server may take over a claimed mail before another server may take it over. */
const claimMs = 2 * 60_000;
/** A mail whose reading failed this often is given up on (the person is told). */
const maxAttempts = 3;

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const placeName = (b: Booking) => {
  const place = b.type === 'lodging' || b.type === 'event' || b.type === 'restaurant' ? b.startLocation : b.endLocation;
  return place?.name?.split(',')[0]?.trim() || place?.code || place?.address?.split(',').at(-1)?.trim() || null;
};

/**
 * Claims the oldest waiting mail (or one whose claim ran out) for `holder`, in one UPDATE, so
 * two servers asking at once never get the same mail. Answers its id, or null when none waits.
 */
async function claimInboundMail(db: Database, holder: string, now: Date): Promise<string | null> {
  const nowMs = now.getTime();
  const rows = await db
    .update(inboundMails)
    .set({
      status: 'processing',
      claimedBy: holder,
      claimedUntil: new Date(nowMs + claimMs),
      attempts: sql`${inboundMails.attempts} + 1`,
    })
    .where(
      eq(
        inboundMails.id,
        sql`(SELECT id FROM ${inboundMails} WHERE ${inboundMails.status} = 'pending'
          OR (${inboundMails.status} = 'processing' AND ${inboundMails.claimedUntil} <= ${nowMs})
          ORDER BY ${inboundMails.receivedAt} LIMIT 1)`,
      ),
    )
    .returning({ id: inboundMails.id });
  return rows[0]?.id ?? null;
}

/** The person's own trip whose dates cover `first` to `last` (the shortest such), or null. */
async function coveringTrip(db: Database, userId: string, first: string, last: string) {
  const [row] = await db
    .select({ id: trips.id, title: trips.title })
    .from(trips)
    .where(and(eq(trips.ownerId, userId), lte(trips.startDate, first), gte(trips.endDate, last)))
    .orderBy(asc(sql`julianday(${trips.endDate}) - julianday(${trips.startDate})`), asc(trips.startDate))
    .limit(1);
  return row ?? null;
}

/**
 * Reads one claimed mail and adds its bookings: into the person's trip whose dates cover them,
 * else into a new trip named after where they go. The mail is marked done, and the person told
 * in the inbox, in one batch; a notice per mail at most (keyed by the mail), so a server that
 * dies midway and a second reading (which finds the bookings already imported) tell them once.
 */
async function processInboundMail(db: Database, id: string, holder: string, now: Date): Promise<void> {
  const [mail] = await db
    .select()
    .from(inboundMails)
    .where(and(eq(inboundMails.id, id), eq(inboundMails.claimedBy, holder)));
  if (mail?.status !== 'processing') return;
  const [person] = await db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, mail.userId));
  if (!person) return;
  const actor: Actor = person;
  const finish = (outcome: string, notice: { title: string; body?: string; link: string }, tripId: string | null) =>
    db.batch([
      db
        .update(inboundMails)
        .set({ status: tripId ? 'done' : 'failed', outcome, tripId, processedAt: now, raw: new Uint8Array() })
        .where(and(eq(inboundMails.id, id), eq(inboundMails.claimedBy, holder))),
      noticeInsert(db, [{ userId: person.id, kind: 'booking_imported', ...notice, dedupeKey: `inbound-mail:${id}` }]),
    ]);
  const subject = /^subject:\s*(.*)$/im.exec(new TextDecoder('latin1').decode(mail.raw.subarray(0, 64 * 1024)))?.[1];
  const about = subject ? `“${subject.trim().slice(0, 120)}”` : 'your forwarded mail';

  let bookings: Booking[];
  try {
    bookings = (await collectBookings([{ name: 'forwarded.eml', bytes: mail.raw }], person.id)).bookings;
  } catch (error) {
    if (mail.attempts < maxAttempts) throw error;
    await finish(String(error), { title: `Bookings could not be read from ${about}`, link: '/trips' }, null);
    return;
  }
  const wanted = bookings.filter((b) => !b.cancelled).slice(0, 50);
  if (wanted.length === 0) {
    await finish(
      'No bookings found',
      { title: `No bookings found in ${about}`, body: 'Open the trip and add it by hand.', link: '/trips' },
      null,
    );
    return;
  }
  const days = wanted.flatMap((b) => [dayOf(b.start), dayOf(b.end)]).filter((d): d is string => !!d);
  const [first, last] = [days.sort()[0]!, days.at(-1)!];
  let trip = await coveringTrip(db, person.id, first, last);
  if (!trip) {
    const where = wanted.map(placeName).find(Boolean) ?? 'New trip';
    const created = await createTrip(
      db,
      actor,
      {
        title: where === 'New trip' ? where : `Trip to ${where}`.slice(0, 120),
        destination: where.slice(0, 120),
        location: where.slice(0, 160),
        startDate: first,
        endDate: last,
        description: `Made from ${about.slice(0, 1900)}`,
      } as Parameters<typeof createTrip>[2],
      now,
    );
    trip = { id: created.id, title: created.title };
  }
  const result = await importBookings(
    db,
    actor,
    { id: trip.id, bookings: wanted.map((b) => importBookingInput.parse(b)), extendTrip: true },
    now,
  );
  const count = result.results.filter((r) => r.status === 'added' || r.status === 'already_imported').length;
  const provider = wanted.map((b) => b.provider).find(Boolean);
  const title = `${count} ${count === 1 ? 'booking' : 'bookings'}${provider ? ` from ${provider}` : ''} added to ${trip.title}`;
  await finish(title, { title, body: `From ${about}.`, link: `/trips/${trip.id}` }, trip.id);
}

/** Reads every waiting mail this server can claim; answers how many it read. Errors leave a mail for a later try. */
export async function processInboundMails(db: Database, holder: string, now = () => new Date()): Promise<number> {
  let done = 0;
  for (;;) {
    const id = await claimInboundMail(db, holder, now());
    if (!id) return done;
    try {
      await processInboundMail(db, id, holder, now());
    } catch (error) {
      console.error(`Forwarded mail ${id} could not be read:`, error);
      // Left for another try once the claim runs out (given up after a few).
    }
    done++;
  }
}
