import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { localToday, occasionTypeLabels } from '~/components/availability/availability-labels';
import { YearCalendar, type CalendarOccasion, type CalendarWindow } from '~/components/year-calendar/year-calendar';
import { YearStepper } from '~/components/year-calendar/year-stepper';
import { useTRPC } from '~/lib/trpc';
import { SelectInput } from '~/components/form-controls';
import { QueryState } from '~/components/query-state';

/** Every client's windows and occasions on the year calendar, filterable by client. */
export function AgentCalendarTab({
  year,
  clientId,
  onChange,
}: {
  year: number;
  clientId: string | null;
  onChange: (next: { year?: number; client?: string }) => void;
}) {
  const trpc = useTRPC();
  const filter = clientId ? { clientId } : {};
  const clients = useQuery(trpc.clients.list.queryOptions());
  const windows = useQuery(trpc.clients.availability.queryOptions(filter));
  const occasions = useQuery(trpc.clients.occasions.queryOptions(filter));

  const calendarWindows = useMemo<CalendarWindow[]>(
    () => (windows.data ?? []).map((w) => ({ id: w.id, startDate: w.startDate, endDate: w.endDate, label: `${w.clientName}: available` })),
    [windows.data],
  );
  const calendarOccasions = useMemo<CalendarOccasion[]>(
    () =>
      (occasions.data ?? []).map((o) => ({
        id: o.id,
        date: o.date,
        isRecurring: o.isRecurring,
        label: `${o.clientName}: ${o.title} (${occasionTypeLabels[o.occasionType]})`,
      })),
    [occasions.data],
  );

  return (
    <section aria-labelledby="agent-calendar-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="agent-calendar-heading" className="text-xl font-semibold text-ink">
          Availability Calendar
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <SelectInput
            label="Client"
            className="min-w-48"
            value={clientId ?? ''}
            onChange={(e) => onChange({ year, client: e.target.value || undefined })}
          >
            <option value="">All clients</option>
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectInput>
          <YearStepper year={year} onChange={(next) => onChange({ year: next, client: clientId ?? undefined })} />
        </div>
      </div>
      <div className="mt-6">
        <QueryState
          query={{
            isPending: windows.isPending || occasions.isPending,
            isError: windows.isError || occasions.isError,
            data: windows.data && occasions.data ? true : undefined,
            refetch: () => {
              void windows.refetch();
              void occasions.refetch();
            },
          }}
          loading={{ text: 'Loading the calendar...' }}
          error={{ what: "the clients' calendar" }}
        >
          {() => (
          <YearCalendar
            year={year}
            today={localToday()}
            windows={calendarWindows}
            occasions={calendarOccasions}
            label={`Clients' availability ${year}`}
          />
          )}
        </QueryState>
      </div>
    </section>
  );
}
