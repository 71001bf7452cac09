import { createTodoInput, packingLimits, updateTodoInput } from '@naav/schemas/packing';
import { todayIn } from '@naav/schemas/dates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { schemaValidator, submitWith, useAppForm } from '~/components/form';
import { focusFirstInvalid } from '~/components/form-controls';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import type { RouterOutputs, Trip } from '~/lib/api-types';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { RowDialogs, useRowDialogs } from '~/components/row-dialogs';
import { peopleOptions } from './trip-people-options';
import { TickRow, useTicks } from './tick-row';
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
  const todos = useQuery(trpc.todos.list.queryOptions({ id: trip.id }));
  const dialogs = useRowDialogs<Todo>();
  const ticks = useTicks('todos.update', 'Could not change the to-do');
  const all = (todos.data ?? []).map((t) => ({ ...t, done: ticks.ticked(t.id, t.done) }));
  const open = all.filter((t) => !t.done);
  const done = all.filter((t) => t.done);

  const row = (todo: Todo) => {
    const due = dueLabel(todo, trip);
    return (
      <TickRow
        key={todo.id}
        name={todo.title}
        title={todo.title}
        detail={
          <span className={`block text-sm ${due?.endsWith('overdue') ? 'text-danger-600' : 'text-muted'}`}>
            {[due, todo.assigneeName].filter(Boolean).join(' · ') || 'Anyone'}
          </span>
        }
        ticked={todo.done}
        waiting={ticks.waiting(todo.id)}
        onTick={(on) => ticks.tick(todo.id, on)}
        onEdit={canEdit ? () => dialogs.setEditing(todo) : undefined}
        onDelete={canEdit ? () => dialogs.setRemoving(todo) : undefined}
      />
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
            onClick={() => dialogs.setAdding(true)}
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
              <Button size="sm" variant="ghost" className="mt-2" onClick={() => dialogs.setAdding(true)}>
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
      <RowDialogs
        dialogs={dialogs}
        addTitle="Add a to-do"
        editTitle="Edit to-do"
        form={(todo, onDone) => <TodoForm trip={trip} todo={todo} onDone={onDone} />}
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
  const { formRef, people, save } = useTripRowSave('todos', trip, todo !== undefined, onDone);
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
        {(field) => <field.SelectField label="Who does it" options={peopleOptions(people.data, 'Anyone')} />}
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
