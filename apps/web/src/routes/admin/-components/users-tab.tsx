import { roleLabels, roles, type Role } from '@naav/schemas/roles';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { SelectInput, TextInput } from '~/components/form-controls';
import { QueryState } from '~/components/query-state';
import type { RouterOutputs } from '~/lib/api-types';
import { formatDistanceToNowStrict } from 'date-fns';
import { useTRPC } from '~/lib/trpc';
import { InviteDialog } from './invite-dialog';

type AdminUser = RouterOutputs['admin']['users']['items'][number];
type Pending = { kind: 'deactivate' | 'reset'; user: AdminUser } | null;

/** Every account, searchable, with its role and sign-in; changing a role, deactivating and resetting two-factor. */
export function UsersTab({ meId }: { meId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [q, setQ] = useState('');
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const users = useQuery(trpc.admin.users.queryOptions({ q: q.trim() || undefined, limit: 200 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const fail = (title: string) => (error: { message: string }) =>
    toast({ title, description: error.message, tone: 'destructive' });
  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({ onSuccess: refresh, onError: fail('Could not change the account') }),
  );
  const reset = useMutation(
    trpc.admin.resetTwoFactor.mutationOptions({ onSuccess: refresh, onError: fail('Could not reset two-factor') }),
  );

  const confirm = () => {
    if (!pending) return;
    const { user, kind } = pending;
    const done = () => setPending(null);
    if (kind === 'deactivate')
      update.mutate(
        { id: user.id, active: false },
        { onSuccess: () => toast({ title: `${user.name} is deactivated`, tone: 'success' }), onSettled: done },
      );
    else
      reset.mutate(
        { id: user.id },
        { onSuccess: () => toast({ title: `Two-factor reset for ${user.name}`, tone: 'success' }), onSettled: done },
      );
  };

  return (
    <section aria-label="Users" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <TextInput
          label="Search people"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Name or e-mail"
          className="sm:w-80"
        />
        <Button onClick={() => setInviting(true)}>Invite by e-mail</Button>
      </div>
      <QueryState
        query={{ ...users, data: users.data?.items }}
        loading={{ text: 'Loading people…', rows: 4 }}
        error={{ what: 'the people' }}
        empty={<p className="rounded-xl border border-gray-200 bg-surface p-4 text-muted">Nobody matches “{q}”.</p>}
      >
        {(items) => (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-surface">
            {items.map((user) => (
              <li key={user.id} className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-ink">
                    {user.name} {user.id === meId ? <span className="text-sm text-muted">(you)</span> : null}
                  </p>
                  <p className="truncate text-sm text-muted">{user.email}</p>
                  <div className="mt-1 flex flex-wrap gap-2 text-xs">
                    {user.active ? null : <Badge tone="danger">Deactivated</Badge>}
                    <Badge tone={user.emailVerified ? 'success' : 'neutral'}>
                      {user.emailVerified ? 'Verified' : 'Not verified'}
                    </Badge>
                    <Badge tone={user.twoFactorEnabled ? 'success' : 'neutral'}>
                      {user.twoFactorEnabled ? 'Two-factor on' : 'Two-factor off'}
                    </Badge>
                    <span className="text-muted">
                      {user.lastSeenAt
                        ? `Last seen ${formatDistanceToNowStrict(user.lastSeenAt, { addSuffix: true })}`
                        : 'Not signed in'}
                    </span>
                  </div>
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  <SelectInput
                    label={`Role of ${user.name}`}
                    value={user.role}
                    disabled={user.id === meId || update.isPending}
                    onChange={(e) =>
                      update.mutate(
                        { id: user.id, role: e.target.value as Role },
                        { onSuccess: () => toast({ title: `${user.name}'s role is changed`, tone: 'success' }) },
                      )
                    }
                  >
                    {roles.map((role) => (
                      <option key={role} value={role}>
                        {roleLabels[role]}
                      </option>
                    ))}
                  </SelectInput>
                  {user.active ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={user.id === meId}
                      onClick={() => setPending({ kind: 'deactivate', user })}
                    >
                      Deactivate
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() =>
                        update.mutate(
                          { id: user.id, active: true },
                          { onSuccess: () => toast({ title: `${user.name} is reactivated`, tone: 'success' }) },
                        )
                      }
                    >
                      Reactivate
                    </Button>
                  )}
                  {user.twoFactorEnabled ? (
                    <Button variant="ghost" size="sm" onClick={() => setPending({ kind: 'reset', user })}>
                      Reset two-factor
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvited={refresh} />
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'reset' ? 'Reset two-factor sign-in?' : 'Deactivate this account?'}
        description={
          pending?.kind === 'reset'
            ? `${pending.user.name} signs in with their password only and sets two-factor sign-in up again.`
            : `${pending?.user.name ?? ''} is signed out everywhere at once and cannot sign in until reactivated. Nothing they own is deleted.`
        }
        confirmLabel={pending?.kind === 'reset' ? 'Reset two-factor' : 'Deactivate'}
        pending={update.isPending || reset.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
