import { Button, buttonClasses } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { QueryState } from '~/components/query-state';
import { useTRPC } from '~/lib/trpc';

/** "48 kB", "12.3 MB". */
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The database's backups: when and how big, one now, a download each; restoring is the command line's. */
export function BackupsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const backups = useQuery(trpc.admin.backups.queryOptions());
  const backUp = useMutation(
    trpc.admin.createBackup.mutationOptions({
      onSuccess: (made) => {
        toast({ title: `Backup made (${sizeOf(made.sizeBytes)})`, tone: 'success' });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
      },
      onError: (error) => toast({ title: 'Could not back up', description: error.message, tone: 'destructive' }),
    }),
  );
  const available = backups.data?.available ?? false;

  return (
    <section aria-label="Backups" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-2xl text-sm text-muted">
          The whole database (photos kept in it too) is copied on a schedule while Naav runs
          {backups.data?.directory ? (
            <>
              {' '}
              into <code className="break-all text-ink">{backups.data.directory}</code>
            </>
          ) : null}
          ; the newest are kept. Download one to keep it somewhere else.
        </p>
        {available ? (
          <Button onClick={() => backUp.mutate()} disabled={backUp.isPending} className="shrink-0">
            {backUp.isPending ? 'Backing up…' : 'Back up now'}
          </Button>
        ) : null}
      </div>
      <QueryState
        query={backups}
        loading={{ text: 'Loading the backups…', rows: 3 }}
        error={{ what: 'the backups' }}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="rounded-xl border border-gray-200 bg-surface p-4 text-muted">
            {available
              ? 'No backups yet. Make one with Back up now, or wait for the scheduled one (BACKUP_INTERVAL).'
              : 'This server’s database is a libSQL server, which Naav does not back up: use its own backups.'}
          </p>
        }
      >
        {(data) => (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-surface">
            {data.items.map((backup) => (
              <li key={backup.name} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{format(backup.createdAt, 'd MMM yyyy, HH:mm')}</p>
                  <p className="text-sm text-muted">
                    <span className="break-all">{backup.name}</span> ·{' '}
                    <span className="whitespace-nowrap">{sizeOf(backup.sizeBytes)}</span>
                  </p>
                </div>
                <a
                  href={`/api/admin/backups/${encodeURIComponent(backup.name)}/download`}
                  download={backup.name}
                  className={buttonClasses('secondary', 'sm', 'shrink-0')}
                  aria-label={`Download the backup of ${format(backup.createdAt, 'd MMM yyyy, HH:mm')}`}
                >
                  Download
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <div className="rounded-xl border border-gray-200 bg-surface p-4 text-sm">
        <h2 className="font-medium text-ink">Restoring a backup</h2>
        <p className="mt-1 text-muted">
          Restoring is done on the server’s machine, never from this screen: stop every Naav server, then run
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-gray-100 p-3 text-ink">
          <code>pnpm naav restore {backups.data?.directory ?? 'data/backups'}/naav-…Z.db</code>
        </pre>
        <p className="mt-2 text-muted">
          The file is checked and migrated forward; the database it replaces is kept beside it. Then start the servers
          again.
        </p>
      </div>
    </section>
  );
}
