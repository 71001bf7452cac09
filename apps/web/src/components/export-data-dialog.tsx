import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { type ReactNode, useState } from 'react';
import { useTRPC } from '../lib/trpc';
import { errorMessage } from './api-errors';
import { FormError } from './form-controls';
import { Icon } from './icon';

const untilFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The account menu's Export my data: asks the server for a zip of everything the person owns,
 * follows its status while it is built, then offers the download link (it works once, within 24
 * hours). Asking again while one is being built or waits to be downloaded answers that one.
 */
export function ExportDataDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const [jobId, setJobId] = useState<string | null>(null);
  const request = useMutation(trpc.me.requestExport.mutationOptions({ onSuccess: (job) => setJobId(job.id) }));
  const job = useQuery({
    ...trpc.me.export.queryOptions({ id: jobId ?? '' }),
    enabled: open && jobId !== null,
    // Only while it is being built.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data?.status === 'building' ? 1500 : false,
  });
  const status = job.data?.status ?? (request.isPending || (jobId && job.isPending) ? 'pending' : null);

  let body: ReactNode;
  if (status === 'pending' || status === 'building') {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink">
        <Icon name="clock" className="size-4" /> Preparing your export… You can close this and come back.
      </p>
    );
  } else if (status === 'ready' && job.data?.downloadUrl) {
    body = (
      <div role="status" className="space-y-3 text-sm text-ink">
        <p>
          Your export is ready. The link works once
          {job.data.expiresAt ? `, until ${untilFormat.format(job.data.expiresAt)}` : ''}.
        </p>
        <a
          href={job.data.downloadUrl}
          download
          onClick={() => setTimeout(() => void job.refetch(), 2000)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          <Icon name="download" className="size-4" /> Download the zip
        </a>
      </div>
    );
  } else if (status === 'downloaded' || status === 'expired' || status === 'failed') {
    body = (
      <p role="status" className="text-sm text-ink">
        {status === 'downloaded'
          ? 'Downloaded. The link has been used; ask for a new export to download again.'
          : status === 'expired'
            ? 'The link ran out after 24 hours. Ask for a new export.'
            : 'The export could not be prepared. Please try again.'}
      </p>
    );
  } else {
    body = (
      <p className="text-sm text-ink">
        A zip of everything you keep in Naav: your trips with their events, photos, calendars (.ics) and expenses (CSV),
        your journal, documents, preferences, groups and messages, as JSON files.
      </p>
    );
  }
  const canAsk = status === null || status === 'downloaded' || status === 'expired' || status === 'failed';
  const close = () => {
    if (canAsk) setJobId(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Export my data"
      description="Prepared in the background; the download link works once, for 24 hours."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          {canAsk ? (
            <Button disabled={request.isPending} onClick={() => request.mutate()}>
              {status === null ? 'Prepare my export' : 'Prepare a new export'}
            </Button>
          ) : null}
        </>
      }
    >
      <div className="space-y-3">
        {body}
        <FormError message={request.error ? errorMessage(request.error) : job.error ? errorMessage(job.error) : null} />
      </div>
    </Dialog>
  );
}
