import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { EmptyState } from '@naav/ui/empty-state';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { Icon } from '~/components/icon';
import { errorMessage } from '~/components/api-errors';
import { NeedsConnection, useNeedsConnection } from '~/components/needs-connection';
import { QueryState } from '~/components/query-state';

type Photo = RouterOutputs['photos']['list'][number];

// The server checks the same limits (and the type, by content); checking here saves a wasted upload.
const maxBytes = 10 * 1024 * 1024;
const maxFiles = 10;

/**
 * Multipart is not tRPC: the server's upload route takes one `file` field per photo. It
 * decodes each, strips its metadata and makes the grid's thumbnail itself.
 */
async function uploadPhotos(tripId: string, files: File[]): Promise<Photo[]> {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  const url = new URL(`/api/trips/${encodeURIComponent(tripId)}/photos`, window.location.href);
  const response = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The upload failed (${response.status})`);
  }
  return (await response.json()) as Photo[];
}

/** "file: x.jpg is larger than 10 MB" → "x.jpg is larger than 10 MB": shown under the upload control it names. */
const withoutField = (message: string) => message.replace(/^Photo: /, '');

function precheck(files: File[]): string | null {
  if (files.length > maxFiles) return `Choose at most ${maxFiles} photos at a time.`;
  const tooBig = files.find((f) => f.size > maxBytes);
  if (tooBig) return `${tooBig.name} is larger than 10 MB.`;
  return null;
}

/** `canEdit`: uploading and deleting are for the owner and group members with edit permission. */
export function PhotosTab({ tripId, canEdit = true }: { tripId: string; canEdit?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const hintId = useId();
  const errorId = useId();
  const photos = useQuery(trpc.photos.list.queryOptions({ id: tripId }));
  const [uploadError, setUploadError] = useState<string | null>(null);
  const offline = useNeedsConnection();
  const offlineId = useId();
  const [toDelete, setToDelete] = useState<Photo | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.photos.list.queryKey({ id: tripId }) });

  const upload = useMutation({
    mutationFn: (files: File[]) => uploadPhotos(tripId, files),
    onSuccess: (saved) => {
      setUploadError(null);
      toast({ title: saved.length === 1 ? 'Photo added' : `${saved.length} photos added`, tone: 'success' });
    },
    onError: (error) => {
      const message = errorMessage(error);
      setUploadError(withoutField(message));
      toast({ title: 'Photos not uploaded', description: message, tone: 'destructive' });
    },
    onSettled: refresh,
  });

  const remove = useMutation(
    trpc.photos.delete.mutationOptions({
      onSuccess: (photo) => {
        setToDelete(null);
        toast({ title: 'Photo deleted', description: photo.fileName, tone: 'success' });
      },
      onError: (error) => toast({ title: 'Photo not deleted', description: errorMessage(error), tone: 'destructive' }),
      onSettled: refresh,
    }),
  );

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so that choosing the same file again fires another change.
    event.target.value = '';
    if (files.length === 0) return;
    const problem = precheck(files);
    if (problem) {
      setUploadError(problem);
      return;
    }
    upload.mutate(files);
  };

  const list = photos.data ?? [];
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="font-display text-lg font-semibold text-ink">Photos</h2>
          <p id={hintId} className="text-sm text-muted">
            JPEG, PNG or WebP, up to 10 MB each.
          </p>
          {canEdit ? <NeedsConnection id={offlineId} action="Uploading photos" /> : null}
        </div>
        {canEdit && (
          <label
            className={`inline-flex min-h-11 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600 ${upload.isPending || offline ? 'pointer-events-none opacity-60' : ''}`}
          >
            <Icon name="upload" />
            {upload.isPending ? 'Uploading…' : 'Upload photos'}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="sr-only"
              onChange={onFiles}
              disabled={upload.isPending || offline}
              aria-describedby={[hintId, uploadError ? errorId : null, offline ? offlineId : null].filter(Boolean).join(' ')}
              aria-invalid={uploadError ? true : undefined}
            />
          </label>
        )}
      </div>
      {uploadError && (
        <p id={errorId} role="alert" className="mt-3 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {uploadError}
        </p>
      )}

      <div className="mt-4" aria-busy={upload.isPending}>
        <QueryState query={photos} loading={{ text: 'Loading photos...', rows: 2 }} error={{ text: 'The photos could not be loaded.' }} isEmpty={() => list.length === 0} empty={<EmptyState icon={<Icon name="image" className="size-8" />} title="No photos added yet." titleAs="p" />}>
          {() => (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Trip photos">
            {list.map((photo) => (
              <li key={photo.id} className="relative aspect-square overflow-hidden rounded-lg bg-slate-100">
                <a href={photo.url} target="_blank" rel="noopener" className="block size-full focus-visible:outline-offset-[-4px]">
                  {/* The 480 px copy the server made at upload; lazy loading keeps the grid light. */}
                  <img src={photo.thumbnailUrl} alt={photo.fileName} loading="lazy" decoding="async" className="size-full object-cover" />
                </a>
                {canEdit && (
                  <button
                    type="button"
                    onClick={() => setToDelete(photo)}
                    aria-label={`Delete ${photo.fileName}`}
                    className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-full bg-ink/75 text-white hover:bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                  >
                    <Icon name="trash" className="size-5" />
                  </button>
                )}
              </li>
            ))}
          </ul>
          )}
        </QueryState>
      </div>

      <Dialog
        open={toDelete !== null}
        onClose={() => !remove.isPending && setToDelete(null)}
        title="Delete this photo?"
        description={toDelete ? `${toDelete.fileName} will be removed from this trip. This cannot be undone.` : undefined}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => toDelete && remove.mutate({ id: toDelete.id })} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting…' : 'Delete photo'}
            </Button>
          </>
        }
      />
    </>
  );
}
