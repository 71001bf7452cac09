import type { RouterOutputs } from '~/lib/api-types';

type Preview = RouterOutputs['bookings']['preview'];

/** Multipart is not tRPC: the server's preview route takes one `file` field per file. */
export async function previewFiles(tripId: string, files: File[]): Promise<Preview> {
  const form = new FormData();
  for (const file of files) form.append('file', file);
  const response = await fetch(
    new URL(`/api/trips/${encodeURIComponent(tripId)}/bookings/preview`, window.location.href),
    {
      method: 'POST',
      body: form,
      credentials: 'include',
    },
  );
  const body = (await response.json().catch(() => null)) as (Preview & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message ?? `The files could not be read (${response.status})`);
  return body;
}
