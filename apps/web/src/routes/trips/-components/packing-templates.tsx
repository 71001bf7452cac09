import { createPackingTemplateInput, packingLimits } from '@naav/schemas/packing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { focusFirstInvalid } from '~/components/form-controls';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';

// Starting a trip's packing list from a template, and saving the list as one.

export function TemplateDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const templates = useQuery({ ...trpc.packingTemplates.list.queryOptions({ tripId: trip.id }), enabled: open });
  const start = useMutation(
    trpc.packing.fromTemplate.mutationOptions({
      onSuccess: (list, { templateId }) => {
        const name = templates.data?.find((t) => t.id === templateId)?.name ?? 'the template';
        queryClient.setQueryData(trpc.packing.list.queryKey({ id: trip.id }), list);
        toast({ title: `Items from ${name} added`, tone: 'success' });
        onClose();
      },
      onError: (error) =>
        toast({ title: 'Could not add the template’s items', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Start from a template"
      description="Its items are added to this trip’s list, counted for the trip’s length; what is already on it stays as it is."
    >
      {templates.isPending ? (
        <LoadingBlock text="Loading templates..." rows={3} />
      ) : templates.isError ? (
        <LoadError what="the templates" onRetry={() => void templates.refetch()} />
      ) : (
        <ul className="space-y-3">
          {templates.data.map((template) => (
            <li key={template.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-ink">{template.name}</h3>
                {template.suggested ? <Badge tone="brand">Suggested</Badge> : null}
                {!template.builtIn ? <Badge>Yours</Badge> : null}
              </div>
              {template.reason ? <p className="mt-1 text-sm text-ink">{template.reason}</p> : null}
              <p className="mt-1 text-sm text-muted">
                {template.items.length} items:{' '}
                {template.items
                  .slice(0, 4)
                  .map((i) => i.name)
                  .join(', ')}
                {template.items.length > 4 ? '…' : ''}
              </p>
              <Button
                size="sm"
                variant={template.suggested ? 'primary' : 'secondary'}
                className="mt-2"
                disabled={start.isPending}
                aria-label={`Use ${template.name}`}
                onClick={() => start.mutate({ id: trip.id, templateId: template.id })}
              >
                {start.isPending && start.variables?.templateId === template.id ? 'Adding…' : `Use ${template.name}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

export function SaveTemplateDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Save as template"
      description="Keeps this list’s items and quantities for your next trips (not who brings what, nor the ticks)."
    >
      {open ? <SaveTemplateForm trip={trip} onDone={onClose} /> : null}
    </Dialog>
  );
}

export function SaveTemplateForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const save = useMutation(trpc.packingTemplates.create.mutationOptions());
  const form = useAppForm({
    defaultValues: { name: trip.title },
    validators: {
      onSubmit: schemaValidator(
        createPackingTemplateInput,
        (v: { name: string }) => ({ name: v.name, tripId: trip.id }),
        { name: 'Enter a name' },
      ),
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        const saved = await save.mutateAsync({ name: value.name, tripId: trip.id });
        toast({ title: `Template ${saved.name} saved`, tone: 'success' });
      } catch (error) {
        if (applyServerErrors(form, error)) focusFirstInvalid(formRef.current);
        else toast({ title: 'Could not save the template', description: errorMessage(error), tone: 'destructive' });
        return;
      }
      onDone();
      await queryClient.invalidateQueries({ queryKey: trpc.packingTemplates.list.pathKey() });
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={submitWith(form)} className="space-y-4">
      <form.AppField name="name">
        {(field) => <field.TextField label="Template name" required maxLength={packingLimits.templateName} />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busy={save.isPending} busyLabel="Saving…" label="Save Template" />
      </form.AppForm>
    </form>
  );
}
