import type { KeyboardEvent } from 'react';
import { monthNames } from '@naav/schemas/dates';
import { weekdayNames, weekdayOf } from './calendar-model';

const classNames = (...parts: Array<string | false | null | undefined>) => parts.filter(Boolean).join(' ');

/** What falls on one day: the windows that cover it and the occasions on it. */
export interface DayMarks {
  windows: string[];
  occasions: string[];
}

export const dateTitle = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${weekdayNames[weekdayOf(date)]}, ${monthNames[m - 1]} ${d}, ${y}`;
};

/** One day of a month grid: a button named by its date and what falls on it. */
export function DayButton({
  date,
  marks,
  isToday,
  isPending,
  tabbable,
  selectable,
  describedBy,
  onKeyDown,
  onFocus,
  onBlur,
  onAssistiveClick,
}: {
  date: string;
  marks: DayMarks | undefined;
  isToday: boolean;
  isPending: boolean;
  tabbable: boolean;
  selectable: boolean;
  describedBy: string | undefined;
  onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
  onBlur: () => void;
  onAssistiveClick: () => void;
}) {
  const available = Boolean(marks?.windows.length);
  const occasion = Boolean(marks?.occasions.length);
  const what = [...(marks?.windows ?? []), ...(marks?.occasions ?? [])];
  return (
    <button
      type="button"
      data-date={date}
      tabIndex={tabbable ? 0 : -1}
      aria-label={[dateTitle(date), isToday ? 'today' : null, ...what].filter(Boolean).join(', ')}
      aria-pressed={selectable ? isPending : undefined}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      // A click without a pointer press (detail 0) comes from assistive technology: treat it like Enter.
      onClick={(e) => {
        if (e.detail === 0 && selectable) onAssistiveClick();
      }}
      className={classNames(
        // 44 px high on a phone (a finger's tap), 36 px where there is a pointer and room for four months a row.
        'relative flex h-11 w-full items-center justify-center rounded-md tabular-nums sm:h-9',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        // Vertical swipes still scroll the page on a phone; a drag that starts sideways selects days.
        selectable ? 'cursor-pointer touch-pan-y' : 'cursor-default',
        isPending
          ? 'bg-brand-600 font-semibold text-white'
          : available
            ? 'bg-emerald-100 text-emerald-900 hover:bg-emerald-200'
            : 'text-ink hover:bg-slate-100',
        isToday && !isPending ? 'font-semibold ring-1 ring-brand-600 ring-inset' : null,
      )}
    >
      {Number(date.slice(8))}
      {occasion ? (
        <span aria-hidden="true" className="absolute bottom-0.5 left-1/2 size-1.5 -translate-x-1/2 rounded-full bg-rose-500" />
      ) : null}
    </button>
  );
}

/** What falls on a day, shown above it after a pause on hover or focus. */
export function DayTooltip({ id, date, marks, column }: { id: string; date: string; marks: DayMarks | undefined; column: number }) {
  const what = [...(marks?.windows ?? []), ...(marks?.occasions ?? [])];
  return (
    <div
      id={id}
      role="tooltip"
      // Kept inside the month: the first columns open rightwards, the last ones leftwards.
      className={classNames(
        'pointer-events-none absolute bottom-full z-20 mb-1 w-max max-w-56 rounded-md bg-ink px-2 py-1 text-left text-xs text-white shadow-lg',
        column <= 1 ? 'left-0' : column >= 5 ? 'right-0' : 'left-1/2 -translate-x-1/2',
      )}
    >
      <p className="font-semibold">{dateTitle(date)}</p>
      {what.length ? (
        <ul>
          {what.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day's lines of plain text, without state; two may read the same
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing planned</p>
      )}
    </div>
  );
}
