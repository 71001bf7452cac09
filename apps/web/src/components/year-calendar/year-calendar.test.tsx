import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { marksForYear, TOOLTIP_DELAY_MS, YearCalendar } from './year-calendar';
import {
  idleSelection,
  monthWeeks,
  normaliseRange,
  occurrenceInYear,
  reduceSelection,
  type SelectionAction,
} from './calendar-model';

const run = (actions: SelectionAction[]) => {
  let state = idleSelection;
  const completed = [];
  for (const action of actions) {
    const step = reduceSelection(state, action);
    state = step.state;
    if (step.completed) completed.push(step.completed);
  }
  return { state, completed };
};

describe('calendar model', () => {
  it('normalises a range picked backwards: the earlier date is the start', () => {
    expect(normaliseRange('2026-05-09', '2026-05-02')).toEqual({ startDate: '2026-05-02', endDate: '2026-05-09' });
    expect(normaliseRange('2026-05-02', '2026-05-09')).toEqual({ startDate: '2026-05-02', endDate: '2026-05-09' });
    expect(normaliseRange('2026-05-02', '2026-05-02')).toEqual({ startDate: '2026-05-02', endDate: '2026-05-02' });
  });

  it('press, move, release finishes a range; leaving the calendar cancels it', () => {
    expect(
      run([
        { type: 'press', date: '2026-05-10' },
        { type: 'hover', date: '2026-05-12' },
        { type: 'hover', date: '2026-05-07' },
        { type: 'release' },
      ]).completed,
    ).toEqual([{ startDate: '2026-05-07', endDate: '2026-05-10' }]);
    const left = run([
      { type: 'press', date: '2026-05-10' },
      { type: 'hover', date: '2026-05-12' },
      { type: 'leave' },
      { type: 'release' },
    ]);
    expect(left.completed).toEqual([]);
    expect(left.state).toEqual(idleSelection);
    // Moving over days without pressing selects nothing.
    expect(run([{ type: 'hover', date: '2026-05-12' }, { type: 'release' }]).completed).toEqual([]);
  });

  it('Enter starts and finishes a range with the keyboard; Escape cancels it', () => {
    expect(
      run([
        { type: 'enter', date: '2026-05-10' },
        { type: 'focus', date: '2026-05-03' },
        { type: 'enter', date: '2026-05-03' },
      ]).completed,
    ).toEqual([{ startDate: '2026-05-03', endDate: '2026-05-10' }]);
    const cancelled = run([
      { type: 'enter', date: '2026-05-10' },
      { type: 'cancel' },
      { type: 'enter', date: '2026-05-12' },
    ]);
    expect(cancelled.completed).toEqual([]);
    expect(cancelled.state.anchor).toBe('2026-05-12');
  });

  it('lays a month out in weeks starting on Sunday', () => {
    // 1 May 2026 is a Friday.
    const weeks = monthWeeks(2026, 4);
    expect(weeks[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('projects recurring occasions into the shown year and one-offs only into theirs', () => {
    expect(occurrenceInYear({ date: '2015-06-20', isRecurring: true }, 2027)).toBe('2027-06-20');
    expect(occurrenceInYear({ date: '2026-06-20', isRecurring: false }, 2027)).toBeNull();
    expect(occurrenceInYear({ date: '2024-02-29', isRecurring: true }, 2027)).toBe('2027-02-28');
    const marks = marksForYear(
      2027,
      [{ id: 'w', startDate: '2026-12-30', endDate: '2027-01-02', label: 'Available' }],
      [{ id: 'o', date: '2015-06-20', isRecurring: true, label: 'Anniversary' }],
    );
    expect([...marks.keys()].sort()).toEqual(['2027-01-01', '2027-01-02', '2027-06-20']);
  });
});

describe('YearCalendar', { timeout: 30_000 }, () => {
  const renderCalendar = (onSelectRange = vi.fn()) => {
    render(
      <YearCalendar
        year={2026}
        today="2026-05-05"
        windows={[{ id: 'w', startDate: '2026-07-01', endDate: '2026-07-03', label: 'Available (Interested)' }]}
        occasions={[{ id: 'o', date: '2010-08-15', isRecurring: true, label: "Mia's birthday (Birthday)" }]}
        onSelectRange={onSelectRange}
      />,
    );
    return onSelectRange;
  };
  const day = (label: RegExp) => screen.getByRole('button', { name: label });

  it('shows twelve months with Su–Sa headers and marks windows and recurring occasions', () => {
    renderCalendar();
    expect(screen.getAllByRole('table')).toHaveLength(12);
    expect(
      screen
        .getAllByRole('columnheader')
        .slice(0, 7)
        .map((h) => h.textContent),
    ).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(day(/^Wednesday, July 1, 2026, Available \(Interested\)$/)).toBeInTheDocument();
    expect(day(/^Saturday, August 15, 2026, Mia's birthday/)).toBeInTheDocument();
  });

  it('drags from a later day back to an earlier one and reports the range in order', () => {
    const onSelect = renderCalendar();
    fireEvent.pointerDown(day(/^Sunday, May 10, 2026/), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(day(/^Tuesday, May 12, 2026/), { pointerType: 'mouse' });
    fireEvent.pointerOver(day(/^Thursday, May 7, 2026/), { pointerType: 'mouse' });
    expect(day(/^Friday, May 8, 2026/)).toHaveAttribute('aria-pressed', 'true');
    fireEvent.pointerUp(day(/^Thursday, May 7, 2026/), { pointerType: 'mouse' });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ startDate: '2026-05-07', endDate: '2026-05-10' });
  });

  it('cancels a drag that leaves the calendar', () => {
    const onSelect = renderCalendar();
    fireEvent.pointerDown(day(/^Sunday, May 10, 2026/), { button: 0, pointerType: 'mouse' });
    fireEvent.pointerOver(day(/^Tuesday, May 12, 2026/), { pointerType: 'mouse' });
    fireEvent.pointerLeave(screen.getByRole('group', { name: 'Year calendar' }));
    fireEvent.pointerUp(document.body);
    expect(onSelect).not.toHaveBeenCalled();
    expect(day(/^Monday, May 11, 2026/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('selects with the keyboard: arrows move, Enter starts and finishes, Escape cancels', () => {
    const onSelect = renderCalendar();
    const start = day(/^Tuesday, May 5, 2026, today/);
    expect(start).toHaveAttribute('tabindex', '0');
    start.focus();
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day(/^Wednesday, May 13, 2026/));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ startDate: '2026-05-05', endDate: '2026-05-13' });

    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('shows a tooltip naming what falls on a day after 300 ms', () => {
    vi.useFakeTimers();
    try {
      renderCalendar();
      fireEvent.pointerOver(day(/^Thursday, July 2, 2026/), { pointerType: 'mouse' });
      act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
      expect(screen.queryByRole('tooltip')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Thursday, July 2, 2026Available (Interested)');
    } finally {
      vi.useRealTimers();
    }
  });
});
