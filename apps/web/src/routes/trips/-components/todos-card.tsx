import { createTodoInput, packingLimits, updateTodoInput } from '@naav/schemas/packing';
import { todayIn } from '@naav/schemas/dates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { schemaValidator, submitWith, useAppForm } from '~/components/form';
import { focusFirstInvalid } from '~/components/form-controls';
import { EditDeleteButtons } from '~/components/edit-delete-buttons';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import { WaitingToSync } from '~/components/waiting-to-sync';
import type { RouterOutputs, Trip } from '~/lib/api-types';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { useOnline } from '~/lib/use-online';
import { useQueuedWrite, useWaitingWrites } from '~/lib/use-queued-writes';
import { RemoveRowDialog } from '~/components/remove-row-dialog';
import { peopleOptions } from './trip-people-options';
import { useTripRowSave } from './trip-row-save';

export type Todo = RouterOutputs['todos']['list'][number];

/** When a to-do is due, as its line says it: "Due Mon, Jun 16 · before you leave" or overdue. */
export function dueLabel(
  todo: Pick<Todo, 'dueDate' | 'done'>,
  trip: Pick<Trip, 'startDate' | 'timeZone'>,
  now = new Date(),
): string | null {
  if (!todo.dueDate) return null;
  const today = todayIn(trip.timeZone, now);
  const when = `Due ${formatDate(todo.dueDate)}`;
  if (!todo.done && todo.dueDate < today) return `${when} · overdue`;
  if (todo.dueDate < trip.startDate && today < trip.startDate) return `${when} · before you leave`;
  return when;
}

/**
 * The trip's to-dos: open ones with their due date and who does them, done ones folded away.
 * Ticking one done works offline (queued, sent once). Whoever may change the trip adds, edits and
 * deletes them; a view member reads them.
 */
export function TodosCard({ trip, canEdit }: { trip: Trip; canEdit: boolean }) {
  const trpc = useTRPC();
  const headingId = useId();
  const { toast } = useToast();
  const todos = useQuery(trpc.todos.list.queryOptions({ id: trip.id }));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Todo | null>(null);
  const [removing, setRemoving] = useState<Todo | null>(null);
  // A tick shows the moment it is made, until the list has the stored one (or the queue holds it).
  const [ticking, setTicking] = useState<Record<string, boolean>>({});
  const toggle = useQueuedWrite('todos.update', {
    onSuccess: (saved) => setTicking(({ [saved.id]: _, ...rest }) => rest),
    onQueued: () => setTicking({}),
    onError: (error) => {
      setTicking({});
      toast({ title: 'Could not change the to-do', description: errorMessage(error), tone: 'destructive' });
    },
  });
  const waiting = useWaitingWrites('todos.update');
  const online = useOnline();
  const pendingDone = new Map(
    waiting.filter((w) => w.input.done !== undefined).map((w) => [w.input.id, w.input.done!]),
  );
  const all = (todos.data ?? []).map((t) => ({ ...t, done: ticking[t.id] ?? pendingDone.get(t.id) ?? t.done }));
  const open = all.filter((t) => !t.done);
  const done = all.filter((t) => t.done);

  const row = (todo: Todo) => {
    const due = dueLabel(todo, trip);
    return (
      <li key={todo.id} className="flex items-center gap-2">
        <label className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand-600"
            checked={todo.done}
            disabled={!canEdit}
            onChange={(e) => {
              setTicking((t) => ({ ...t, [todo.id]: e.target.checked }));
              toggle.mutate({ id: todo.id, done: e.target.checked });
            }}
          />
          <span className="min-w-0 flex-1">
            <span className={`block break-words ${todo.done ? 'text-muted line-through' : 'text-ink'}`}>
              {todo.title}
            </span>
            <span className={`block text-sm ${due?.endsWith('overdue') ? 'text-danger-600' : 'text-muted'}`}>
              {[due, todo.assigneeName].filter(Boolean).join(' · ') || 'Anyone'}
            </span>
            {pendingDone.has(todo.id) && !online ? <WaitingToSync className="mt-1" /> : null}
          </span>
        </label>
        {canEdit ? (
          <EditDeleteButtons name={todo.title} onEdit={() => setEditing(todo)} onDelete={() => setRemoving(todo)} />
        ) : null}
      </li>
    );
  };

  return (
    <Card as="section" aria-labelledby={headingId} className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Icon name="clock" className="size-5 text-brand-700" />
          To-dos
        </h2>
        {canEdit ? (
          <Button
            size="sm"
            variant="secondary"
            className="max-sm:min-h-11"
            onClick={() => setAdding(true)}
            aria-label="Add a to-do"
          >
            <Icon name="plus" className="size-4" />
            Add
          </Button>
        ) : null}
      </div>
      <div className="mt-4">
        {todos.isPending ? (
          <LoadingBlock text="Loading to-dos..." rows={2} />
        ) : todos.isError ? (
          <LoadError what="the to-dos" onRetry={() => void todos.refetch()} />
        ) : all.length === 0 ? (
          <div className="text-sm text-muted">
            <p>Nothing to do yet.</p>
            {canEdit ? (
              <Button size="sm" variant="ghost" className="mt-2" onClick={() => setAdding(true)}>
                Add the first to-do
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            {open.length === 0 ? (
              <p className="text-sm text-muted">All done.</p>
            ) : (
              <ul className="space-y-1">{open.map(row)}</ul>
            )}
            {done.length > 0 ? (
              <details className="mt-3">
                <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">
                  Done ({done.length})
                </summary>
                <ul className="space-y-1">{done.map(row)}</ul>
              </details>
            ) : null}
          </>
        )}
      </div>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add a to-do">
        {adding ? <TodoForm trip={trip} onDone={() => setAdding(false)} /> : null}
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title="Edit to-do">
        {editing ? <TodoForm trip={trip} todo={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <RemoveTodoDialog trip={trip} todo={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

type TodoValues = { title: string; dueDate: string; assigneeId: string };
const toRequest = (values: TodoValues) => ({
  title: values.title,
  dueDate: values.dueDate || null,
  assigneeId: values.assigneeId || null,
});

function TodoForm({ trip, todo, onDone }: { trip: Trip; todo?: Todo; onDone: () => void }) {
  const trpc = useTRPC();
  const { formRef, people, save } = useTripRowSave({
    trip,
    editing: todo !== undefined,
    noun: 'to-do',
    nameOf: (saved: Todo) => saved.title,
    listKey: trpc.todos.list.queryKey({ id: trip.id }),
    onDone,
  });
  const add = useMutation(trpc.todos.create.mutationOptions());
  const update = useMutation(trpc.todos.update.mutationOptions());
  const check = todo
    ? schemaValidator(updateTodoInput, (v: TodoValues) => ({ id: todo.id, ...toRequest(v) }), {
        title: 'Enter what to do',
      })
    : schemaValidator(createTodoInput, (v: TodoValues) => ({ id: trip.id, ...toRequest(v) }), {
        title: 'Enter what to do',
      });
  const form = useAppForm({
    defaultValues: {
      title: todo?.title ?? '',
      dueDate: todo?.dueDate ?? '',
      assigneeId: todo?.assigneeId ?? '',
    } as TodoValues,
    validators: { onSubmit: check },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      await save(form, () =>
        todo
          ? update.mutateAsync({ id: todo.id, ...toRequest(value) })
          : add.mutateAsync({ id: trip.id, ...toRequest(value) }),
      );
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={submitWith(form)} className="space-y-4">
      <form.AppField name="title">
        {(field) => <field.TextField label="To-do" required maxLength={packingLimits.todoTitle} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="dueDate">{(field) => <field.DateField label="Due date" optional />}</form.AppField>
      <form.AppField name="assigneeId">
        {(field) => (
          <field.SelectField label="Who does it" options={peopleOptions(people.data)}>
            <option value="">Anyone</option>
          </field.SelectField>
        )}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons
          onCancel={onDone}
          busy={(todo ? update : add).isPending}
          busyLabel={todo ? 'Saving…' : 'Adding…'}
          label={todo ? 'Save Changes' : 'Add To-do'}
        />
      </form.AppForm>
    </form>
  );
}

function RemoveTodoDialog({ trip, todo, onClose }: { trip: Trip; todo: Todo | null; onClose: () => void }) {
  const trpc = useTRPC();
  return (
    <RemoveRowDialog
      row={todo}
      onClose={onClose}
      mutation={trpc.todos.delete.mutationOptions()}
      listKey={trpc.todos.list.queryKey({ id: trip.id })}
      texts={(shown) => ({
        removed: 'To-do deleted',
        failed: 'Could not delete the to-do',
        title: 'Delete this to-do?',
        description: `“${shown?.title ?? ''}” goes from ${trip.title} for everyone on the trip.`,
        confirmLabel: 'Delete',
      })}
    />
  );
}
