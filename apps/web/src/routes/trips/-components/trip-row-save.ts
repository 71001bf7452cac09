import type { AnyFormApi } from '@tanstack/react-form';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useToast } from '@naav/ui/toast';
import { sendForm } from '~/components/form';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';

/**
 * What the form of a trip list's row (a packing item, a to-do) needs besides its fields: the
 * trip's people for "Who", and `save`, which sends the add or the change. A failure goes under the
 * fields it names (the first of them takes focus) or, when none, to an error toast; once saved, a
 * toast says "<name> added" (or saved), the dialog closes and the list (`listKey`) refetches.
 */
export function useTripRowSave<Row>({
  trip,
  editing,
  noun,
  nameOf,
  listKey,
  onDone,
}: {
  trip: Pick<Trip, 'id'>;
  editing: boolean;
  noun: string;
  nameOf: (row: Row) => string;
  listKey: QueryKey;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const people = useQuery(trpc.packing.people.queryOptions({ id: trip.id }));
  const save = async (form: Pick<AnyFormApi, 'setErrorMap'>, send: () => Promise<Row>) => {
    const sent = await sendForm(form, send, {
      toast,
      title: editing ? `Could not save the ${noun}` : `Could not add the ${noun}`,
      focusIn: formRef.current,
      quietWhenOnFields: true,
    });
    if (!sent.ok) return;
    toast({ title: `${nameOf(sent.value)} ${editing ? 'saved' : 'added'}`, tone: 'success' });
    onDone();
    await queryClient.invalidateQueries({ queryKey: listKey });
  };
  return { formRef, people, save };
}
