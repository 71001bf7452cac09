import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Tabs } from '@naav/ui/tabs';
import type { RouterOutputs } from '~/lib/api-types';
import { formatDate, formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { LazyConfirmDialog as ConfirmDialog } from '../lazy-dialogs';
import { StackedCell, StackedRow, StackedTable, type StackedColumn } from '../stacked-table';
import { durationOptions, importanceLabels, occasionTypeLabels, priorityLabels } from './availability-labels';
import type { AddMode } from './add-new-dialog';
import { QueryState } from '../query-state';
import { useDeleteOutcome } from '../use-delete-outcome';

type AvailabilityRow = RouterOutputs['availability']['list'][number];
type OccasionRow = RouterOutputs['occasions']['list'][number];

type Target = { kind: 'availability'; row: AvailabilityRow } | { kind: 'occasion'; row: OccasionRow };

/**
 * The user's availability windows and special occasions in two tabs, each a table with a
 * delete button per row (asked first) and an empty state with an add button.
 * `variant` picks the wording: the planner tab ('Available Dates') or the planner page
 * ('Available Periods (n)').
 */
export function AvailabilityLists({ variant, onAdd }: { variant: 'tab' | 'page'; onAdd: (mode: AddMode) => void }) {
  const trpc = useTRPC();
  const windows = useQuery(trpc.availability.list.queryOptions());
  const occasions = useQuery(trpc.occasions.list.queryOptions());
  const [target, setTarget] = useState<Target | null>(null);

  const outcome = useDeleteOutcome();
  const close = () => setTarget(null);
  const deleteWindow = useMutation(
    trpc.availability.delete.mutationOptions(
      outcome({
        refetch: [trpc.availability.pathFilter(), trpc.clients.pathFilter()],
        deleted: 'Availability deleted',
        failed: { title: 'Failed to delete availability date' },
        close,
      }),
    ),
  );
  const deleteOccasion = useMutation(
    trpc.occasions.delete.mutationOptions(
      outcome({
        refetch: [trpc.occasions.pathFilter(), trpc.clients.pathFilter()],
        deleted: 'Special occasion deleted',
        failed: { title: 'Failed to delete special occasion' },
        close,
      }),
    ),
  );

  const windowsLabel = variant === 'page' ? `Available Periods (${windows.data?.length ?? 0})` : 'Available Dates';
  const occasionsLabel =
    variant === 'page' ? `Special Occasions (${occasions.data?.length ?? 0})` : 'Special Occasions';

  const emptyList = (title: string, description: string, add: string, mode: AddMode) => (
    <EmptyState
      titleAs="h3"
      title={title}
      description={description}
      action={<Button onClick={() => onAdd(mode)}>{add}</Button>}
    />
  );
  const noWindows = emptyList(
    'No Available Dates',
    'Share when you can travel, and your travel team will plan around it.',
    'Add Availability',
    'availability',
  );
  const noOccasions = emptyList(
    'No Special Occasions',
    'Birthdays, anniversaries and other dates worth travelling for.',
    'Add Special Occasion',
    'occasion',
  );

  return (
    <>
      <Tabs
        label={variant === 'page' ? 'Availability and occasions' : 'My availability'}
        tabs={[
          {
            key: 'windows',
            label: windowsLabel,
            content: (
              <QueryState query={windows} loading="Loading availability..." error="your availability" empty={noWindows}>
                {(data) => <WindowsTable rows={data} onDelete={(row) => setTarget({ kind: 'availability', row })} />}
              </QueryState>
            ),
          },
          {
            key: 'occasions',
            label: occasionsLabel,
            content: (
              <QueryState
                query={occasions}
                loading="Loading special occasions..."
                error="your special occasions"
                empty={noOccasions}
              >
                {(data) => <OccasionsTable rows={data} onDelete={(row) => setTarget({ kind: 'occasion', row })} />}
              </QueryState>
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={variant === 'page' ? 'Are you sure?' : 'Confirm Deletion'}
        description={`Are you sure you want to delete this ${target?.kind === 'occasion' ? 'occasion' : 'availability'}? This action cannot be undone.`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        pending={deleteWindow.isPending || deleteOccasion.isPending}
        onConfirm={() => {
          if (target?.kind === 'availability') deleteWindow.mutate({ id: target.row.id });
          else if (target?.kind === 'occasion') deleteOccasion.mutate({ id: target.row.id });
        }}
      />
    </>
  );
}

/** A table's columns: `headers`, then its Delete buttons' (its header for screen readers only). */
const withActions = (...headers: string[]): StackedColumn[] => [
  ...headers.map((header) => ({ header })),
  { header: 'Actions', hiddenHeader: true, end: true },
];

const windowColumns = withActions('Dates', 'Flexibility', 'Preferred Duration', 'Priority', 'Notes');

function WindowsTable({ rows, onDelete }: { rows: AvailabilityRow[]; onDelete: (row: AvailabilityRow) => void }) {
  return (
    <StackedTable caption="Available dates" columns={windowColumns} minWidth="sm" className="text-sm text-ink">
      {rows.map((row) => {
        const range = formatDateRange(row.startDate, row.endDate);
        return (
          <StackedRow key={row.id}>
            <StackedCell label="Dates" className="font-medium">
              {range}
            </StackedCell>
            <StackedCell label="Flexibility">
              {row.isFlexible ? `± ${row.flexibilityDays} days` : 'Fixed dates'}
            </StackedCell>
            <StackedCell label="Preferred Duration">
              {durationOptions.find((o) => o.value === row.preferredDuration)?.label ?? `${row.preferredDuration} days`}
            </StackedCell>
            <StackedCell label="Priority">
              <Badge tone={row.priority >= 4 ? 'brand' : 'neutral'}>
                {priorityLabels[row.priority] ?? row.priority}
              </Badge>
            </StackedCell>
            <StackedCell label="Notes" className="text-muted">
              {row.notes ?? '—'}
            </StackedCell>
            <StackedCell end>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete availability ${range}`}
                onClick={() => onDelete(row)}
              >
                Delete
              </Button>
            </StackedCell>
          </StackedRow>
        );
      })}
    </StackedTable>
  );
}

const occasionColumns = withActions('Occasion', 'Date', 'Type', 'Importance', 'Participants');

function OccasionsTable({ rows, onDelete }: { rows: OccasionRow[]; onDelete: (row: OccasionRow) => void }) {
  return (
    <StackedTable caption="Special occasions" columns={occasionColumns} minWidth="sm" className="text-sm text-ink">
      {rows.map((row) => (
        <StackedRow key={row.id}>
          <StackedCell label="Occasion">
            <p className="font-medium">{row.title}</p>
            {row.description ? <p className="text-muted">{row.description}</p> : null}
          </StackedCell>
          <StackedCell label="Date">
            {formatDate(row.date)}
            {row.isRecurring ? (
              <span className="block text-xs text-muted">
                Every year{row.nextDate ? `, next ${formatDate(row.nextDate)}` : ''}
              </span>
            ) : null}
          </StackedCell>
          <StackedCell label="Type">{occasionTypeLabels[row.occasionType]}</StackedCell>
          <StackedCell label="Importance">
            <Badge tone={row.importance >= 4 ? 'brand' : 'neutral'}>
              {importanceLabels[row.importance] ?? row.importance}
            </Badge>
          </StackedCell>
          <StackedCell label="Participants" className="text-muted">
            {row.participants.length ? row.participants.join(', ') : '—'}
          </StackedCell>
          <StackedCell end>
            <Button variant="ghost" size="sm" aria-label={`Delete occasion ${row.title}`} onClick={() => onDelete(row)}>
              Delete
            </Button>
          </StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
