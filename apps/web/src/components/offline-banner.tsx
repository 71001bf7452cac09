import { isSameDay } from 'date-fns';
import { useNewestDataTime, useOnline } from '../lib/use-online';
import { useWaitingCount } from '../lib/use-queued-writes';

/** "1:16 PM" (or "13:16") today, "24 Nov, 1:16 PM" another day: in the traveller's own locale and clock. */
export function formatSavedAt(time: number, now: Date = new Date()): string {
  const date = new Date(time);
  const clock = date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (isSameDay(date, now)) return clock;
  return `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${clock}`;
}

/**
 * Says, politely, that the network is gone, when the saved copy was last refreshed, and how many
 * changes wait to sync: "Offline — showing what was saved at 1:16 PM · 1 change waiting to sync".
 * A status message, read out once, not an alert.
 */
export function OfflineBanner() {
  const online = useOnline();
  const newest = useNewestDataTime();
  const waiting = useWaitingCount();
  if (online) return null;
  return (
    <div role="status" className="border-b border-slate-300 bg-slate-100">
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm text-ink">
        <strong className="font-semibold">Offline</strong>
        {newest ? (
          <>
            {' — showing what was saved at '}
            {/* "1:16 PM" stays on one line. */}
            <span className="whitespace-nowrap">{formatSavedAt(newest)}</span>
          </>
        ) : (
          ' — nothing was saved on this device yet'
        )}
        {waiting > 0 ? ` · ${waiting === 1 ? '1 change' : `${waiting} changes`} waiting to sync` : null}
      </p>
    </div>
  );
}
