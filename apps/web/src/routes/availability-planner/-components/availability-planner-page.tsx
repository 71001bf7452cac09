import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { usePageTitle } from '~/components/page-title';
import type { AddMode } from '~/components/availability/add-new-dialog';
import { preloadOnIntent } from '~/components/lazy-dialog';
import { LazyAddNewDialog as AddNewDialog } from '~/components/lazy-dialogs';
import { localToday } from '~/components/availability/availability-labels';
import { AvailabilityLists } from '~/components/availability/availability-lists';
import { ClientCalendar } from '~/components/availability/client-calendar';
import type { DateRange } from '~/components/year-calendar/calendar-model';
import { YearStepper } from '~/components/year-calendar/year-stepper';

/** The year at a glance: drag across days to share a window; periods and occasions listed below. */
export function AvailabilityPlannerPage({
  year,
  onYearChange,
}: {
  year: number;
  onYearChange: (year: number) => void;
}) {
  usePageTitle('Availability Planner');
  const today = localToday();
  const [dialog, setDialog] = useState<{ mode: AddMode; range: DateRange | null } | null>(null);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Availability Planner</h1>
          <p className="mt-2 text-muted">
            Mark when you can travel and the dates that matter, so your travel team can plan around them.
          </p>
        </div>
        <Button onClick={() => setDialog({ mode: 'availability', range: null })} {...preloadOnIntent(AddNewDialog)}>
          Add New
        </Button>
      </div>
      {/* Narrow padding on a phone: seven 44 px days fit a row of the calendar. */}
      <Card className="mt-6 px-2 py-4 sm:p-6" {...preloadOnIntent(AddNewDialog)}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 px-2 sm:px-0">
          <h2 className="text-xl font-semibold text-ink">Calendar</h2>
          <YearStepper year={year} onChange={onYearChange} />
        </div>
        <ClientCalendar
          year={year}
          today={today}
          onSelectRange={(range) => setDialog({ mode: 'availability', range })}
        />
      </Card>
      <section className="mt-8" aria-label="Your periods and occasions" {...preloadOnIntent(AddNewDialog)}>
        <AvailabilityLists variant="page" onAdd={(mode) => setDialog({ mode, range: null })} />
      </section>
      <AddNewDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        initialMode={dialog?.mode ?? 'availability'}
        initialRange={dialog?.range ?? null}
      />
    </div>
  );
}
