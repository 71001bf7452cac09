/** Calendar dates are YYYY-MM-DD strings throughout; arithmetic is done in UTC so no time zone shifts a day. */

export interface DateRange {
  startDate: string;
  endDate: string;
}

export const weekdayHeaders = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const isoOf = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The weeks of a month, Sunday first; null pads the days of the neighbouring months. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: weekdayOf(isoOf(year, month, 1)) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(isoOf(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A range from two days picked in any order: the earlier one is the start. */
export function normaliseRange(a: string, b: string): DateRange {
  return a <= b ? { startDate: a, endDate: b } : { startDate: b, endDate: a };
}

export const inRange = (date: string, range: DateRange) => range.startDate <= date && date <= range.endDate;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The day an occasion falls on in `year`, or null: a one-off only in its own year, a
 * recurring one every year from its first (29 February on the 28th in other years).
 * The server's nextDate follows the same rule.
 */
export function occurrenceInYear(occasion: { date: string; isRecurring: boolean }, year: number): string | null {
  const first = Number(occasion.date.slice(0, 4));
  if (!occasion.isRecurring) return first === year ? occasion.date : null;
  if (year < first) return null;
  let monthDay = occasion.date.slice(5);
  if (monthDay === '02-29' && !isLeapYear(year)) monthDay = '02-28';
  return `${pad(year, 4)}-${monthDay}`;
}

/** Keeps a day inside the shown year (keyboard moves stop at its ends). */
export function clampToYear(date: string, year: number): string {
  const first = isoOf(year, 0, 1);
  const last = isoOf(year, 11, 31);
  return date < first ? first : date > last ? last : date;
}

// Drag and keyboard selection -------------------------------------------------------------

export interface SelectionState {
  /** The day the range started on, or null when nothing is being selected. */
  anchor: string | null;
  /** The day the range currently reaches. */
  current: string | null;
  /** Who is selecting: a pointer (mouse, pen, finger) or the keyboard. */
  by: 'pointer' | 'keyboard' | null;
}

export const idleSelection: SelectionState = { anchor: null, current: null, by: null };

export type SelectionAction =
  /** A pointer pressed a day. */
  | { type: 'press'; date: string }
  /** A pointer moved over a day. */
  | { type: 'hover'; date: string }
  /** The pointer was released (over the calendar). */
  | { type: 'release' }
  /** The pointer left the calendar, or the browser took the gesture over. */
  | { type: 'leave' }
  /** Enter or Space on the focused day: starts a range, or finishes the one under way. */
  | { type: 'enter'; date: string }
  /** The keyboard focus moved to a day. */
  | { type: 'focus'; date: string }
  /** Escape. */
  | { type: 'cancel' };

export interface SelectionStep {
  state: SelectionState;
  /** Set when the action finished a range. */
  completed: DateRange | null;
}

/** The selection rules of the year calendar, as a pure function so they can be tested alone. */
export function reduceSelection(state: SelectionState, action: SelectionAction): SelectionStep {
  const idle = (completed: DateRange | null = null): SelectionStep => ({ state: idleSelection, completed });
  const stay = (next: SelectionState = state): SelectionStep => ({ state: next, completed: null });
  switch (action.type) {
    case 'press':
      return stay({ anchor: action.date, current: action.date, by: 'pointer' });
    case 'hover':
      return state.by === 'pointer' ? stay({ ...state, current: action.date }) : stay();
    case 'release':
      return state.by === 'pointer' && state.anchor && state.current ? idle(normaliseRange(state.anchor, state.current)) : stay();
    case 'leave':
      return state.by === 'pointer' ? idle() : stay();
    case 'enter':
      if (state.by === 'keyboard' && state.anchor) return idle(normaliseRange(state.anchor, action.date));
      return stay({ anchor: action.date, current: action.date, by: 'keyboard' });
    case 'focus':
      return state.by === 'keyboard' ? stay({ ...state, current: action.date }) : stay();
    case 'cancel':
      return idle();
  }
}

/** The range being selected right now, for highlighting, or null. */
export function pendingRange(state: SelectionState): DateRange | null {
  return state.anchor && state.current ? normaliseRange(state.anchor, state.current) : null;
}

/** Where an arrow key moves the focused day. */
export const arrowSteps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
