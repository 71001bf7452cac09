import { createTodoInput, packingLimits, updateTodoInput } from '@naav/schemas/packing';
import { useMutation } from '@tanstack/react-query';
import { schemaValidator, submitWith, useAppForm } from '~/components/form';
import { focusFirstInvalid } from '~/components/form-controls';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import type { Todo } from './todos-card';
import { peopleOptions } from './trip-people-options';
import { useTripRowSave } from './trip-row-save';

// The to-do's Add and Edit form (TodosCard), loaded with its dialog.

type TodoValues = { title: string; dueDate: string; assigneeId: string };
const toRequest = (values: TodoValues) => ({
  title: values.title,
  dueDate: values.dueDate || null,
  assigneeId: values.assigneeId || null,
});

export function TodoForm({ trip, todo, onDone }: { trip: Trip; todo?: Todo; onDone: () => void }) {
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
