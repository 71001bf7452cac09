import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ChangeEvent } from 'react';
import { Button } from '@naav/ui/button';
import { errorMessage } from '~/components/api-errors';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';

type Proposal = RouterOutputs['calendarTrips']['preview']['proposals'][number];
type Made = RouterOutputs['calendarTrips']['create']['trips'][number];

/**
 * A calendar file (a TripIt feed or export, a TREK trip export, or any .ics) read into trip proposals, each made a
 * trip with its events only when asked: "12 events from 3 to 17 May, make a trip?".
 */
export function CalendarTripImport() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preview = useMutation(trpc.calendarTrips.preview.mutationOptions());
  const create = useMutation(trpc.calendarTrips.create.mutationOptions());
  const [text, setText] = useState<string | null>(null);
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [made, setMade] = useState<Record<number, Made>>({});
  const [problem, setProblem] = useState<string | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setMade({});
    const content = await file.text();
    preview.mutate(
      { text: content },
      {
        onSuccess: (data) => {
          setText(content);
          setProposals(data.proposals);
        },
        onError: (error) => {
          setProposals([]);
          setProblem(errorMessage(error));
        },
      },
    );
  }

  const makeTrip = (index: number) =>
    create.mutate(
      { text: text ?? '', proposals: [index] },
      {
        onSuccess: (data) => {
          setMade((m) => ({ ...m, [index]: data.trips[0]! }));
          void queryClient.invalidateQueries({ queryKey: trpc.trips.list.queryKey() });
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );

  return (
    <div className="space-y-3">
      <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-ink shadow-sm hover:bg-slate-50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600">
        Import a calendar, TripIt or TREK file
        <input type="file" accept=".ics,.ical,text/calendar" className="sr-only" onChange={(e) => void onChoose(e)} />
      </label>
      {preview.isPending ? <p role="status">Reading the calendar...</p> : null}
      {problem ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {problem}
        </p>
      ) : null}
      {proposals.length > 0 ? (
        <ul className="space-y-2" aria-label="Trips in the calendar">
          {proposals.map((p, index) => (
            <li
              key={`${p.title}-${p.startDate}`}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-medium text-ink">{p.title}</p>
                <p className="text-sm text-muted">{p.message}</p>
              </div>
              {made[index] ? (
                <Link
                  to="/trips/$id"
                  params={{ id: made[index].id }}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
                >
                  Open {made[index].title}
                </Link>
              ) : (
                <Button onClick={() => makeTrip(index)} disabled={create.isPending} className="shrink-0">
                  Make this trip
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
