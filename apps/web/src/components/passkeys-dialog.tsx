import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { EmptyState } from '@naav/ui/empty-state';
import { useToast } from '@naav/ui/toast';
import { formatDate } from '../lib/format';
import {
  addPasskey,
  deletePasskey,
  listPasskeys,
  type Passkey,
  passkeysSupported,
  renamePasskey,
} from '../lib/passkeys';
import { useTRPC } from '../lib/trpc';
import { QueryState } from './query-state';

const passkeysKey = ['auth', 'passkeys'] as const;
const nameOf = (passkey: Passkey) => passkey.name || 'Unnamed passkey';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

type View =
  | { kind: 'list' }
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'delete'; passkey: Passkey };

/** A name field and its two buttons, for a new passkey or a new name. */
function NameForm(props: {
  initial: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(name);
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          Name
        </label>
        <input
          id={id}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. My phone"
          autoComplete="off"
          className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 text-ink"
        />
      </div>
      {props.error ? (
        <p role="alert" className="text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The account menu's Passkeys panel: the passkeys that sign this account in without a password,
 * each with Rename and Delete (asked first), and Add a passkey, which creates one on this device.
 */
export function PasskeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const passkeys = useQuery({ queryKey: passkeysKey, queryFn: listPasskeys, enabled: open });
  const [view, setView] = useState<View>({ kind: 'list' });
  const toList = () => setView({ kind: 'list' });
  const close = () => {
    toList();
    onClose();
  };
  const trpc = useTRPC();
  // A passkey may be an agent's second factor (AGENT_2FA), so who they are is read again too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: passkeysKey }),
      queryClient.invalidateQueries(trpc.me.pathFilter()),
    ]);
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: async (added) => {
      if (!added) return;
      toList();
      await refresh();
      toast({ title: 'Passkey added', description: 'You can sign in with it from now on.', tone: 'success' });
    },
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renamePasskey(id, name),
    onSuccess: async () => {
      toList();
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deletePasskey,
    onSuccess: async () => {
      toList();
      await refresh();
      toast({ title: 'Passkey deleted', description: 'It no longer signs you in.', tone: 'success' });
    },
    onError: (error) =>
      toast({ title: 'Could not delete the passkey', description: messageOf(error), tone: 'destructive' }),
  });

  if (view.kind === 'delete') {
    return (
      <Dialog
        open={open}
        onClose={toList}
        size="sm"
        hideCloseButton
        title="Delete this passkey?"
        description={`“${nameOf(view.passkey)}” will no longer sign you in. Remove it from the device too.`}
        footer={
          <>
            <Button variant="secondary" onClick={toList}>
              Keep it
            </Button>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(view.passkey.id)}>
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </>
        }
      />
    );
  }

  if (view.kind === 'add' || view.kind === 'rename') {
    const adding = view.kind === 'add';
    const mutation = adding ? add : rename;
    return (
      <Dialog
        open={open}
        onClose={close}
        size="sm"
        title={adding ? 'Add a passkey' : 'Rename passkey'}
        description={
          adding
            ? 'Your device will ask for your fingerprint, face or screen lock. Name the passkey to recognise it later.'
            : undefined
        }
      >
        <NameForm
          initial={adding ? '' : (view.passkey.name ?? '')}
          submitLabel={adding ? 'Create passkey' : 'Save'}
          busyLabel={adding ? 'Waiting for your device…' : 'Saving…'}
          busy={mutation.isPending}
          error={mutation.error ? messageOf(mutation.error) : null}
          onCancel={() => {
            mutation.reset();
            toList();
          }}
          onSubmit={(name) => (adding ? add.mutate(name) : rename.mutate({ id: view.passkey.id, name }))}
        />
      </Dialog>
    );
  }

  const supported = passkeysSupported();
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password."
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button onClick={() => setView({ kind: 'add' })} disabled={!supported}>
            Add a passkey
          </Button>
        </>
      }
    >
      {supported ? null : <p className="mb-3 text-sm text-muted">This browser cannot create passkeys.</p>}
      <QueryState
        query={passkeys}
        loading={{ text: 'Loading passkeys...', rows: 2 }}
        error={{ what: 'your passkeys' }}
        empty={
          <EmptyState
            titleAs="h3"
            className="py-6 sm:py-8"
            title="No passkeys yet"
            description="Add one on each phone or computer you sign in from."
          />
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label="Passkeys">
            {data.map((passkey) => (
              <li
                key={passkey.id}
                className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium break-words text-ink">
                    {nameOf(passkey)}
                    {passkey.backedUp ? <Badge tone="success">Synced</Badge> : null}
                  </p>
                  <p className="text-sm text-muted">Added {formatDate(passkey.createdAt.slice(0, 10))}</p>
                </div>
                <div className="flex gap-2 self-start sm:self-auto">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setView({ kind: 'rename', passkey })}
                    aria-label={`Rename ${nameOf(passkey)}`}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setView({ kind: 'delete', passkey })}
                    aria-label={`Delete ${nameOf(passkey)}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Dialog>
  );
}
