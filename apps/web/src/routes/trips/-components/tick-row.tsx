import { useState, type ReactNode } from 'react';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { EditDeleteButtons } from '~/components/edit-delete-buttons';
import { WaitingToSync } from '~/components/waiting-to-sync';
import type { WriteInput } from '~/lib/offline-writes';
import { useOnline } from '~/lib/use-online';
import { useQueuedWrite, useWaitingWrites } from '~/lib/use-queued-writes';

/** The writes a trip list's tick goes through, and the field each ticks. */
const tickFields = { 'packing.update': 'packed', 'todos.update': 'done' } as const;
type TickWrite = keyof typeof tickFields;

/**
 * A trip list's ticks (packed, done), which work offline: the tick waits on the device and is sent
 * once. A tick shows the moment it is made, until the list has the stored one (or the queue holds
 * it); a refused one goes back, with a toast titled `failed`.
 */
export function useTicks(write: TickWrite, failed: string) {
  const field = tickFields[write];
  const { toast } = useToast();
  const online = useOnline();
  // Ticks not yet stored (offline, or on their way) show as made.
  const waitingWrites = useWaitingWrites(write);
  const pending = new Map<string, boolean>();
  for (const { input } of waitingWrites) {
    const on = (input as Partial<Record<typeof field, boolean>>)[field];
    if (on !== undefined) pending.set(input.id, on);
  }
  const [ticking, setTicking] = useState<Record<string, boolean>>({});
  const send = useQueuedWrite(write, {
    onSuccess: (saved) => setTicking(({ [saved.id]: _, ...rest }) => rest),
    onQueued: () => setTicking({}),
    onError: (error) => {
      setTicking({});
      toast({ title: failed, description: errorMessage(error), tone: 'destructive' });
    },
  });
  return {
    /** Whether a row shows ticked: the tick just made, else the one waiting to be sent, else the stored one. */
    ticked: (id: string, stored: boolean) => ticking[id] ?? pending.get(id) ?? stored,
    /** Whether a row's tick waits on this device (offline, marked until it is sent). */
    waiting: (id: string) => pending.has(id) && !online,
    tick: (id: string, on: boolean) => {
      setTicking((t) => ({ ...t, [id]: on }));
      send.mutate({ id, [field]: on } as WriteInput<TickWrite>);
    },
  };
}

/**
 * One row of a trip list with a tick: the box and its title (struck through once ticked), `detail`
 * under it and "Waiting to sync" while the tick waits; with `onEdit`/`onDelete` (whoever may change
 * the trip) its pencil and bin. A view member sees the tick without changing it.
 */
export function TickRow({
  name,
  title,
  detail,
  ticked,
  waiting,
  onTick,
  onEdit,
  onDelete,
  className,
}: {
  /** The row's name for the edit and delete buttons. */
  name: string;
  title: ReactNode;
  detail: ReactNode;
  ticked: boolean;
  waiting: boolean;
  onTick: (on: boolean) => void;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  className?: string;
}) {
  const canEdit = onEdit !== undefined && onDelete !== undefined;
  return (
    <li className={className ? `flex items-center gap-2 ${className}` : 'flex items-center gap-2'}>
      <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-brand-600"
          checked={ticked}
          disabled={!canEdit}
          onChange={(e) => onTick(e.target.checked)}
        />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${ticked ? 'text-muted line-through' : 'text-ink'}`}>{title}</span>
          {detail}
          {waiting ? <WaitingToSync className="mt-1" /> : null}
        </span>
      </label>
      {canEdit ? <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} /> : null}
    </li>
  );
}
