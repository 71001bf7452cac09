import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '~/lib/trpc';
import { LoadError } from '../load-error';
import { LoadingOverlay } from '../loading-overlay';
import type { DateRange } from '../year-calendar/calendar-model';
import { YearCalendar, type CalendarOccasion, type CalendarWindow } from '../year-calendar/year-calendar';
import { occasionTypeLabels, priorityLabels } from './availability-labels';

/** The signed-in user's windows and occasions on the year calendar; a dragged range goes to onSelectRange. */
export function ClientCalendar({ year, today, onSelectRange }: { year: number; today: string; onSelectRange: (range: DateRange) => void }) {
  const trpc = useTRPC();
  const windows = useQuery(trpc.availability.list.queryOptions());
  const occasions = useQuery(trpc.occasions.list.queryOptions());
  const calendarWindows = useMemo<CalendarWindow[]>(
    () => (windows.data ?? []).map((w) => ({ id: w.id, startDate: w.startDate, endDate: w.endDate, label: `Available (${priorityLabels[w.priority]})` })),
    [windows.data],
  );
  const calendarOccasions = useMemo<CalendarOccasion[]>(
    () =>
      (occasions.data ?? []).map((o) => ({
        id: o.id,
        date: o.date,
        isRecurring: o.isRecurring,
        label: `${o.title} (${occasionTypeLabels[o.occasionType]})`,
      })),
    [occasions.data],
  );
  if (windows.isPending || occasions.isPending) {
    // The year's months without marks hold the calendar's place until the marks arrive.
    return (
      <LoadingOverlay text="Loading your calendar...">
        <YearCalendar year={year} today={today} windows={[]} occasions={[]} onSelectRange={() => {}} label={`Availability calendar ${year}`} />
      </LoadingOverlay>
    );
  }
  if (windows.isError || occasions.isError) {
    return (
      <LoadError
        what="your calendar"
        onRetry={() => {
          void windows.refetch();
          void occasions.refetch();
        }}
      />
    );
  }
  return (
    <YearCalendar
      year={year}
      today={today}
      windows={calendarWindows}
      occasions={calendarOccasions}
      onSelectRange={onSelectRange}
      label={`Availability calendar ${year}`}
    />
  );
}
