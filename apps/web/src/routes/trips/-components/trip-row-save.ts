import type { AnyFormApi } from '@tanstack/react-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useToast } from '@naav/ui/toast';
import { sendForm } from '~/components/form';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';

/** The trip lists whose rows these forms add and change, and what each calls a row. */
const nouns = { packing: 'item', todos: 'to-do' } as const;

/**
 * What the form of a trip list's row (a packing item, a to-do) needs besides its fields: the
 * trip's people for "Who", and `save`, which sends the add or the change. A failure goes under the
 * fields it names (the first of them takes focus) or, when none, to an error toast; once saved, a
 * toast says "<name> added" (or saved), the dialog closes and the list refetches.
 */
export function useTripRowSave(list: keyof typeof nouns, trip: Pick<Trip, 'id'>, editing: boolean, onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const people = useQuery(trpc.packing.people.queryOptions({ id: trip.id }));
  const listKey = (list === 'packing' ? trpc.packing.list : trpc.todos.list).queryKey({ id: trip.id });
  const save = async (
    form: Pick<AnyFormApi, 'setErrorMap'>,
    send: () => Promise<{ name: string } | { title: string }>,
  ) => {
    const sent = await sendForm(form, send, {
      toast,
      title: editing ? `Could not save the ${nouns[list]}` : `Could not add the ${nouns[list]}`,
      focusIn: formRef.current,
      quietWhenOnFields: true,
    });
    if (!sent.ok) return;
    const name = 'name' in sent.value ? sent.value.name : sent.value.title;
    toast({ title: `${name} ${editing ? 'saved' : 'added'}`, tone: 'success' });
    onDone();
    await queryClient.invalidateQueries({ queryKey: listKey });
  };
  return { formRef, people, save };
}
