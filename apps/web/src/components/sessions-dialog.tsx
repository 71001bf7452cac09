import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatDistanceToNowStrict, parseISO } from 'date-fns';
import { useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { formatDate } from '../lib/format';
import { deleteOfflineData } from '../lib/offline-cache';
import { useTRPC } from '../lib/trpc';
import { errorMessage } from './api-errors';
import { Icon } from './icon';
import { QueryState } from './query-state';

type Session = RouterOutputs['sessions']['list'][number];

/** "Firefox 128 on macOS Catalina", or what the user agent let us tell. */
export function sessionName({ browser, os }: Pick<Session, 'browser' | 'os'>): string {
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown browser';
}

/**
 * The account menu's Sessions panel: every browser and app signed in to the account, this one
 * marked, each with Revoke, and Sign out everywhere. Both ask first, in the same dialog.
 */
export function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const sessions = useQuery({ ...trpc.sessions.list.queryOptions(), enabled: open });
  const [revoking, setRevoking] = useState<Session | null>(null);
  const [everywhere, setEverywhere] = useState(false);

  // Signed out here as well: every offline copy on this device goes, as with Sign out.
  const leave = async () => {
    await deleteOfflineData(queryClient);
    await navigate({ to: '/sign-in' });
  };
  const revoke = useMutation(
    trpc.sessions.revoke.mutationOptions({
      onSuccess: async () => {
        const wasCurrent = revoking?.current;
        setRevoking(null);
        if (wasCurrent) {
          onClose();
          return leave();
        }
        await queryClient.invalidateQueries(trpc.sessions.pathFilter());
        toast({ title: 'Session revoked', description: 'That browser has to sign in again.', tone: 'success' });
      },
      onError: (error) => toast({ title: 'Could not revoke the session', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  const revokeAll = useMutation(
    trpc.sessions.revokeAll.mutationOptions({
      onSuccess: () => {
        setEverywhere(false);
        onClose();
        return leave();
      },
      onError: (error) => toast({ title: 'Could not sign out everywhere', description: errorMessage(error), tone: 'destructive' }),
    }),
  );

  // One dialog whose content turns into the question, rather than a second dialog on top.
  if (revoking || everywhere) {
    const keep = () => {
      setRevoking(null);
      setEverywhere(false);
    };
    const pending = revoke.isPending || revokeAll.isPending;
    return (
      <Dialog
        open={open}
        onClose={keep}
        size="sm"
        hideCloseButton
        title={everywhere ? 'Sign out everywhere?' : 'Revoke this session?'}
        description={
          everywhere
            ? 'Every browser and app signed in to your account, this one included, will have to sign in again.'
            : revoking?.current
              ? 'This is the browser you are using: you will be signed out here.'
              : `${revoking ? sessionName(revoking) : 'That browser'} will be signed out at once and has to sign in again.`
        }
        footer={
          <>
            <Button variant="secondary" onClick={keep}>
              Keep it
            </Button>
            <Button variant="danger" disabled={pending} onClick={() => (everywhere ? revokeAll.mutate() : revoking && revoke.mutate({ id: revoking.id }))}>
              {pending ? 'Working…' : everywhere ? 'Sign out everywhere' : 'Revoke'}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sessions"
      description="Where your account is signed in. Revoke any you do not recognise."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button variant="danger" onClick={() => setEverywhere(true)} disabled={!sessions.data}>
            Sign out everywhere
          </Button>
        </>
      }
    >
      <QueryState query={sessions} loading={{ text: 'Loading sessions...', rows: 2 }} error={{ what: 'your sessions' }}>
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label="Signed-in sessions">
          {data.map((session) => (
            <li key={session.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
              <Icon name={session.device === 'mobile' || session.device === 'tablet' ? 'smartphone' : 'monitor'} className="hidden size-6 shrink-0 text-muted sm:block" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                  {sessionName(session)}
                  {session.current ? <Badge tone="success">This device</Badge> : null}
                </p>
                <p className="text-sm text-muted">
                  {session.current ? 'Active now' : `Last seen ${formatDistanceToNowStrict(parseISO(session.lastSeenAt), { addSuffix: true })}`}
                  {' · '}
                  Signed in {formatDate(session.createdAt.slice(0, 10))}
                  {session.ipAddress ? ` · ${session.ipAddress}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="self-start sm:self-auto"
                onClick={() => setRevoking(session)}
                aria-label={`Revoke ${sessionName(session)}${session.current ? ' (this device)' : ''}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
        )}
      </QueryState>
    </Dialog>
  );
}
