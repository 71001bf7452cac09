import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../../components/api-errors';
import { FormButtons, SelectInput, TextArea, TextInput } from '../../../../components/form-controls';
import { formatDate } from '../../../../lib/format';
import { useTRPC } from '../../../../lib/trpc';
import { itemTypeLabels, itineraryDays, parseWholeDollars, type ItemType, type Proposal, type ProposalItem } from './proposal-model';

/**
 * The Add Itinerary Item dialog: type activity, 09:00 to 12:00 and included unless changed.
 * Given an item, the same form edits it.
 */
export function AddItemDialog({
  proposal,
  day,
  item = null,
  open,
  onClose,
}: {
  proposal: Pick<Proposal, 'id' | 'startDate' | 'endDate'> | null;
  /** The day whose "Add" was used; none from the general button. */
  day: number | null;
  item?: ProposalItem | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={item ? 'Edit Itinerary Item' : 'Add Itinerary Item'} size="md">
      {open ? <AddItemForm proposal={proposal} initialDay={item?.day ?? day} item={item} onDone={onClose} /> : null}
    </Dialog>
  );
}

export function AddItemForm({
  proposal,
  initialDay,
  item = null,
  onDone,
}: {
  proposal: Pick<Proposal, 'id' | 'startDate' | 'endDate'> | null;
  initialDay: number | null;
  item?: ProposalItem | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [day, setDay] = useState(initialDay ? String(initialDay) : '');
  const [title, setTitle] = useState(item?.title ?? '');
  const [type, setType] = useState<ItemType>(item?.type ?? 'activity');
  const [startTime, setStartTime] = useState(item?.startTime ?? '09:00');
  const [endTime, setEndTime] = useState(item?.endTime ?? '12:00');
  const [location, setLocation] = useState(item?.location ?? '');
  const [cost, setCost] = useState(item ? String(item.cost) : '');
  const [included, setIncluded] = useState(item?.included ?? true);
  const [description, setDescription] = useState(item?.description ?? '');
  const [notes, setNotes] = useState(item?.notes ?? '');
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const days = proposal ? itineraryDays(proposal.startDate, proposal.endDate, []) : [];

  const onError = (error: unknown) => {
    setErrors(fieldErrorsOf(error));
    toast.toast({ title: item ? 'Could not save the item' : 'Could not add the item', description: errorMessage(error), tone: 'destructive' });
  };
  const add = useMutation(
    trpc.proposals.addItem.mutationOptions({
      onSuccess: async (added) => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        toast.toast({ title: 'Item added', description: `${added.title} is on day ${added.day}.`, tone: 'success' });
        onDone();
      },
      onError,
    }),
  );
  const update = useMutation(
    trpc.proposals.updateItem.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        toast.toast({ title: 'Item updated', tone: 'success' });
        onDone();
      },
      onError,
    }),
  );
  const pending = add.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!proposal || !day) {
      setAlert('Missing proposal ID or day number');
      return;
    }
    setAlert(null);
    if (!title.trim()) {
      setErrors({ title: 'Enter a title' });
      return;
    }
    const fields = {
      day: Number(day),
      title,
      type,
      startTime,
      endTime,
      location: location || null,
      cost: parseWholeDollars(cost),
      included,
      description: description || null,
      notes: notes || null,
    };
    if (item) update.mutate({ id: item.id, ...fields });
    else add.mutate({ id: proposal.id, ...fields });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={item ? 'Edit Itinerary Item' : 'Add Itinerary Item'}>
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput label="Day" value={day} onChange={(e) => setDay(e.target.value)} error={errors['day']}>
          <option value="">Choose a day</option>
          {days.map((d) => (
            <option key={d.day} value={d.day}>
              Day {d.day} · {formatDate(d.date)}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Type" value={type} onChange={(e) => setType(e.target.value as ItemType)}>
          {(Object.keys(itemTypeLabels) as ItemType[]).map((t) => (
            <option key={t} value={t}>
              {itemTypeLabels[t]}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextInput label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors['title']} maxLength={160} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Start Time" type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} error={errors['startTime']} />
        <TextInput label="End Time" type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} error={errors['endTime']} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Location" optional value={location} onChange={(e) => setLocation(e.target.value)} maxLength={200} />
        <TextInput label="Cost (USD)" inputMode="numeric" value={cost} onChange={(e) => setCost(e.target.value)} error={errors['cost']} placeholder="0" />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
        <input type="checkbox" checked={included} onChange={(e) => setIncluded(e.target.checked)} className="size-5 accent-brand-600" />
        Included in the price
      </label>
      <TextArea label="Description" optional value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
      <TextArea label="Notes" optional value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
      <FormButtons onCancel={onDone} busy={pending} busyLabel="Saving…" label={item ? 'Save Changes' : 'Add Item'} />
    </form>
  );
}
