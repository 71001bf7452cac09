import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { useTRPC } from '~/lib/trpc';

/** Google Maps saved places (Takeout's Saved Places.json, or a saved list's CSV) added to the wishlist with their coordinates. */
export function SavedPlacesImport() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const importPlaces = useMutation(trpc.wishlist.importPlaces.mutationOptions());
  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    importPlaces.mutate(
      { text: await file.text() },
      {
        onSuccess: ({ added, skipped }) => {
          void queryClient.invalidateQueries(trpc.interests.pathFilter());
          toast({
            title: added.length === 1 ? '1 place added' : `${added.length} places added`,
            description: skipped > 0 ? `${skipped} already on your wishlist` : undefined,
            tone: 'success',
          });
        },
        onError: (error) => toast({ title: 'No places added', description: errorMessage(error), tone: 'destructive' }),
      },
    );
  }
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-ink shadow-sm hover:bg-slate-50 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600">
      {importPlaces.isPending ? 'Adding places...' : 'Import Google Maps places'}
      <input
        type="file"
        accept=".json,.geojson,.csv,application/json,application/geo+json,text/csv"
        className="sr-only"
        disabled={importPlaces.isPending}
        onChange={(e) => void onChoose(e)}
      />
    </label>
  );
}
