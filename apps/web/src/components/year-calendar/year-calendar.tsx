import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { addDaysIso, monthNames } from '@naav/schemas/dates';
import {
  arrowSteps,
  clampToYear,
  idleSelection,
  inRange,
  isoOf,
  monthWeeks,
  occurrenceInYear,
  pendingRange,
  reduceSelection,
  weekdayHeaders,
  weekdayNames,
  type DateRange,
  type SelectionAction,
  type SelectionState,
} from './calendar-model';
import { DayButton, DayTooltip, dateTitle, type DayMarks } from './year-calendar-day';

export interface CalendarWindow {
  id: string;
  startDate: string;
  endDate: string;
  /** What the tooltip says, e.g. "Available" or "Alex Morgan: available". */
  label: string;
}

export interface CalendarOccasion {
  id: string;
  /** For a recurring occasion, its first date; it is shown every year from then on. */
  date: string;
  isRecurring: boolean;
  label: string;
}

export const TOOLTIP_DELAY_MS = 300;

const dayOf = (target: EventTarget | null): string | null =>
  target instanceof Element ? (target.closest('[data-date]')?.getAttribute('data-date') ?? null) : null;

/**
 * Twelve month grids of one year with availability windows and occasions marked on them.
 * With onSelectRange, a range is chosen by dragging (mouse, pen or finger: press on a day,
 * move, release; leaving the calendar cancels) or with the keyboard (arrows move, Enter
 * starts and finishes, Escape cancels). Hovering or focusing a day for 300 ms shows what
 * falls on it.
 */
export function YearCalendar({
  year,
  windows,
  occasions,
  today,
  onSelectRange,
  label = 'Year calendar',
}: {
  year: number;
  windows: CalendarWindow[];
  occasions: CalendarOccasion[];
  /** Today's date, YYYY-MM-DD (highlighted, and where the keyboard starts). */
  today: string;
  onSelectRange?: (range: DateRange) => void;
  label?: string;
}) {
  const marks = useMemo(() => marksForYear(year, windows, occasions), [year, windows, occasions]);
  const [selection, setSelection] = useState<SelectionState>(idleSelection);
  const selectionRef = useRef(selection);
  const [focusDay, setFocusDay] = useState(() => clampToYear(today, year));
  const [tooltipDay, setTooltipDay] = useState<string | null>(null);
  const tooltipTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const containerRef = useRef<HTMLFieldSetElement>(null);
  const selectable = Boolean(onSelectRange);

  // A new year starts from a clean slate.
  useEffect(() => {
    setFocusDay(clampToYear(today, year));
    selectionRef.current = idleSelection;
    setSelection(idleSelection);
  }, [year, today]);
  useEffect(
    () => () => {
      if (tooltipTimer.current) clearTimeout(tooltipTimer.current);
    },
    [],
  );

  // It opens on today's month: when the calendar first shows the current year, that month's
  // row is scrolled into view unless it is in view already (January's row usually is).
  const router = useRouter({ warn: false });
  const openedOnToday = useRef(false);
  useEffect(() => {
    if (openedOnToday.current) return;
    openedOnToday.current = true;
    if (Number(today.slice(0, 4)) !== year) return undefined;
    const reveal = () => {
      const month = containerRef.current?.querySelector<HTMLElement>(`[data-month="${Number(today.slice(5, 7)) - 1}"]`);
      if (!month) return;
      const box = month.getBoundingClientRect();
      if (box.top >= 0 && box.bottom <= window.innerHeight) return;
      month.scrollIntoView?.({ block: 'start' });
    };
    // A page the router is still putting up is scrolled to its top once rendered: reveal after that.
    if (router?.state.status === 'pending') {
      let revealed = false;
      const stop = router.subscribe('onRendered', () => {
        revealed = true;
        stop();
        reveal();
      });
      return () => {
        stop();
        // Unmounted before the page was up (or React's development double run): try again next time.
        if (!revealed) openedOnToday.current = false;
      };
    }
    reveal();
    return undefined;
  }, [today, year, router]);

  function dispatch(action: SelectionAction) {
    const step = reduceSelection(selectionRef.current, action);
    selectionRef.current = step.state;
    setSelection(step.state);
    if (step.completed) onSelectRange?.(step.completed);
  }

  function clearTooltipTimer() {
    if (tooltipTimer.current) clearTimeout(tooltipTimer.current);
    tooltipTimer.current = null;
  }
  function scheduleTooltip(date: string | null) {
    clearTooltipTimer();
    setTooltipDay(null);
    if (date) tooltipTimer.current = setTimeout(() => setTooltipDay(date), TOOLTIP_DELAY_MS);
  }

  function focusDate(date: string) {
    setFocusDay(date);
    containerRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus();
  }

  const onPointerDown = (e: PointerEvent<HTMLFieldSetElement>) => {
    const date = dayOf(e.target);
    if (!selectable || !date || (e.pointerType === 'mouse' && e.button !== 0)) return;
    // A finger's pointer is captured by the day it pressed; release it so the days it moves over get the events.
    if (e.target instanceof Element && e.target.hasPointerCapture?.(e.pointerId)) e.target.releasePointerCapture(e.pointerId);
    e.preventDefault();
    setFocusDay(date);
    dispatch({ type: 'press', date });
  };
  const onPointerMove = (e: PointerEvent<HTMLFieldSetElement>) => {
    if (selectionRef.current.by !== 'pointer') return;
    const under = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(e.clientX, e.clientY) : e.target;
    const date = dayOf(under);
    if (date && date !== selectionRef.current.current) dispatch({ type: 'hover', date });
  };
  const onPointerOver = (e: PointerEvent<HTMLFieldSetElement>) => {
    const date = dayOf(e.target);
    if (date && selectionRef.current.by === 'pointer') dispatch({ type: 'hover', date });
    if (e.pointerType !== 'touch') scheduleTooltip(date);
  };

  const onDayKeyDown = (e: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const step = arrowSteps[e.key];
    if (step !== undefined) {
      e.preventDefault();
      const next = clampToYear(addDaysIso(date, step), year);
      focusDate(next);
      dispatch({ type: 'focus', date: next });
    } else if (selectable && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      dispatch({ type: 'enter', date });
    } else if (e.key === 'Escape' && selectionRef.current.anchor) {
      e.preventDefault();
      e.stopPropagation();
      dispatch({ type: 'cancel' });
    }
  };

  const pending = pendingRange(selection);
  const tooltipId = (date: string) => `calendar-tip-${date}`;

  return (
    <div>
      {selectable ? (
        <p className="mb-3 text-sm text-muted">
          Drag across days to add an availability period, or move with the arrow keys and press Enter on the first and last day
          (Escape cancels).
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {selection.by === 'keyboard' && selection.anchor
          ? `Selecting from ${dateTitle(selection.anchor)}. Press Enter on the last day, or Escape to cancel.`
          : ''}
      </p>
      <fieldset
        ref={containerRef}
        aria-label={label}
        className="grid min-w-0 select-none gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerOver={onPointerOver}
        onPointerUp={() => dispatch({ type: 'release' })}
        onPointerLeave={() => {
          dispatch({ type: 'leave' });
          scheduleTooltip(null);
        }}
        onPointerCancel={() => dispatch({ type: 'leave' })}
      >
        {monthNames.map((monthName, month) => (
          // scroll-margin: the sticky header (and the navigation row from xl up) stays clear of it.
          <section key={monthName} data-month={month} aria-label={`${monthName} ${year}`} className="min-w-0 scroll-mt-24 xl:scroll-mt-32">
            <h3 className="mb-2 text-sm font-semibold text-ink">
              {monthName} {year}
            </h3>
            <table className="w-full table-fixed border-collapse text-center text-sm">
              <thead>
                <tr>
                  {weekdayHeaders.map((day, i) => (
                    <th key={day} scope="col" abbr={weekdayNames[i]} className="pb-1 text-xs font-medium text-muted">
                      {day}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(year, month).map((week, w) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the week's number in the month is its identity
                  <tr key={w}>
                    {week.map((date, d) =>
                      date ? (
                        <td key={date} className="relative p-0 sm:p-0.5">
                          <DayButton
                            date={date}
                            marks={marks.get(date)}
                            isToday={date === today}
                            isPending={pending ? inRange(date, pending) : false}
                            tabbable={date === focusDay}
                            selectable={selectable}
                            describedBy={tooltipDay === date ? tooltipId(date) : undefined}
                            onKeyDown={(e) => onDayKeyDown(e, date)}
                            onFocus={() => {
                              setFocusDay(date);
                              scheduleTooltip(date);
                            }}
                            onBlur={() => scheduleTooltip(null)}
                            onAssistiveClick={() => dispatch({ type: 'enter', date })}
                          />
                          {tooltipDay === date ? (
                            <DayTooltip id={tooltipId(date)} date={date} marks={marks.get(date)} column={d} />
                          ) : null}
                        </td>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is known only by its place in the week
                        <td key={`pad-${w}-${d}`} aria-hidden="true" />
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </fieldset>
      <ul className="mt-4 flex flex-wrap gap-4 text-xs text-muted" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded bg-emerald-200" /> Available
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2 rounded-full bg-rose-500" /> Special occasion
        </li>
        {selectable ? (
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded bg-brand-600" /> Being selected
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** What falls on each day of the year: windows that cover it and occasions on it (recurring ones every year). */
export function marksForYear(year: number, windows: CalendarWindow[], occasions: CalendarOccasion[]): Map<string, DayMarks> {
  const marks = new Map<string, DayMarks>();
  const at = (date: string) => {
    let entry = marks.get(date);
    if (!entry) {
      entry = { windows: [], occasions: [] };
      marks.set(date, entry);
    }
    return entry;
  };
  const first = isoOf(year, 0, 1);
  const last = isoOf(year, 11, 31);
  for (const w of windows) {
    if (w.endDate < first || w.startDate > last) continue;
    // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as strings; Math.max would turn them into NaN
    for (let day = w.startDate < first ? first : w.startDate; day <= w.endDate && day <= last; day = addDaysIso(day, 1)) {
      at(day).windows.push(w.label);
    }
  }
  for (const o of occasions) {
    const day = occurrenceInYear(o, year);
    if (day) at(day).occasions.push(o.label);
  }
  return marks;
}
