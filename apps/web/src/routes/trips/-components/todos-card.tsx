import { todayIn } from '@naav/schemas/dates';
import { useQuery } from '@tanstack/react-query';
import { lazy, useId } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import type { RouterOutputs, Trip } from '~/lib/api-types';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { preloadOnIntent } from '~/components/lazy-dialog';
import { RowDialogs, rowDialogs, useRowDialogs } from '~/components/row-dialogs';
import { TickRow, useTicks } from './tick-row';

export type Todo = RouterOutputs['todos']['list'][number];

// The dialogs and the form load when the card's Add, Edit or Delete is first pointed at, focused or pressed.
const loadForm = () => import('./todo-form');
const TodoForm = lazy(() => loadForm().then((m) => ({ default: m.TodoForm })));
const preloadDialogs = preloadOnIntent(rowDialogs, { preload: () => void loadForm().catch(() => undefined) });

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
    <Card as="section" aria-labelledby={headingId} className="p-5" {...(canEdit ? preloadDialogs : {})}>
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
