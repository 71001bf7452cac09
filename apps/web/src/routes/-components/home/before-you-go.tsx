import { useQuery } from '@tanstack/react-query';
import type { Trip } from '~/lib/api-types';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';

/** The next trip's open to-dos due before it starts, soonest first; nothing at all when there are none (or they cannot be read). */
export function BeforeYouGo({ trip }: { trip: Trip }) {
  const trpc = useTRPC();
  const todos = useQuery(trpc.todos.list.queryOptions({ id: trip.id }));
  const due = (todos.data ?? []).filter((t) => !t.done && t.dueDate !== null && t.dueDate < trip.startDate);
  if (due.length === 0) return null;
  return (
    <section aria-labelledby={`before-you-go-${trip.id}`}>
      <h4 id={`before-you-go-${trip.id}`} className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted">
        Before you go
      </h4>
      <ul className="mt-2 space-y-2">
        {due.map((todo) => (
          <li key={todo.id} className="text-sm">
            <p className="font-medium text-ink">{todo.title}</p>
            <p className="text-muted">
              Due {formatDate(todo.dueDate!)}
              {todo.assigneeName ? ` · ${todo.assigneeName}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
