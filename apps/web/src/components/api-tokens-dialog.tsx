import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDistanceToNowStrict, parseISO } from 'date-fns';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { formatDate } from '../lib/format';
import { useTRPC } from '../lib/trpc';
import { ApiTokenForm, type CreatedToken } from './api-token-form';
import { ListDialog, type ListDialogWords, useListDialogViews } from './list-dialog';
import { RowButton } from './row-button';
import { useMutationToasts } from './use-mutation-toasts';

type ApiToken = RouterOutputs['tokens']['list'][number];
type View =
  | { kind: 'list' }
  | { kind: 'new' }
  | { kind: 'created'; token: CreatedToken }
  | { kind: 'revoke'; token: ApiToken };

const listWords: ListDialogWords = {
  title: 'API tokens',
  description: 'Tokens let scripts and integrations use Naav as you, limited to what each may do.',
  newLabel: 'New token',
  loading: 'Loading tokens...',
  error: 'your API tokens',
  emptyTitle: 'No API tokens yet',
  emptyDescription: 'Make one for each script or integration, so you can revoke it alone.',
};

const ago = (iso: string) => formatDistanceToNowStrict(parseISO(iso), { addSuffix: true });

/** "Last used 3 minutes ago from 203.0.113.7", or "Never used". */
function lastUse(token: Pick<ApiToken, 'lastUsedAt' | 'lastUsedAddress'>): string {
  if (!token.lastUsedAt) return 'Never used';
  const from = token.lastUsedAddress && token.lastUsedAddress !== 'unknown' ? ` from ${token.lastUsedAddress}` : '';
  return `Last used ${ago(token.lastUsedAt)}${from}`;
}

/**
 * The account menu's API tokens panel: the tokens scripts and integrations use as Bearer
 * credentials, each with what it may do, when it was last used and from where, and Revoke (asked
 * first). A new token is shown once, with a button that copies it.
 */
export function ApiTokensDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const { toast } = useToast();
  const toasts = useMutationToasts();
  // Scripts use the tokens behind the app's back: "last used" is read afresh each time the panel opens.
  const tokens = useQuery({ ...trpc.tokens.list.queryOptions(), enabled: open, refetchOnMount: 'always' });
  const { view, setView, toList, close, toListAndRefetch } = useListDialogViews<View>(onClose);
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions(
      toasts({
        after: toListAndRefetch(trpc.tokens.pathFilter()),
        done: { title: 'Token revoked', description: 'Anything using it is refused from now on.' },
        failed: 'Could not revoke the token',
      }),
    ),
  );

  if (view.kind === 'revoke') {
    return (
      <Dialog
        open={open}
        onClose={toList}
        size="sm"
        hideCloseButton
        title="Revoke this token?"
        description={`Scripts and integrations using “${view.token.name}” will be refused at once. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={toList}>
              Keep it
            </Button>
            <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: view.token.id })}>
              {revoke.isPending ? 'Revoking…' : 'Revoke'}
            </Button>
          </>
        }
      />
    );
  }

  if (view.kind === 'created') {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(view.token.token);
        toast({ title: 'Token copied', tone: 'success' });
      } catch {
        toast({ title: 'Could not copy', description: 'Select the token and copy it yourself.', tone: 'destructive' });
      }
    };
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Your new token"
        description="Copy it now: it is shown only this once. Send it as Authorization: Bearer with each request."
        footer={
          <Button variant="secondary" onClick={toList}>
            Done
          </Button>
        }
      >
        <div className="space-y-3">
          <label className="block text-sm font-medium text-ink" htmlFor="new-api-token">
            {view.token.name}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id="new-api-token"
              readOnly
              value={view.token.token}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-ink"
            />
            <Button onClick={copy} className="shrink-0">
              Copy
            </Button>
          </div>
          <p className="text-sm text-muted">{view.token.scopes.join(', ')}</p>
        </div>
      </Dialog>
    );
  }

  if (view.kind === 'new') {
    return (
      <Dialog open={open} onClose={close} title="New API token" description="For a script or an integration you trust.">
        <ApiTokenForm onCancel={toList} onCreated={(token) => setView({ kind: 'created', token })} />
      </Dialog>
    );
  }

  return (
    <ListDialog open={open} onClose={close} onNew={() => setView({ kind: 'new' })} words={listWords} query={tokens}>
      {(token) => (
        <>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-medium break-words text-ink">
              {token.name}
              {token.expired ? <Badge tone="danger">Expired</Badge> : null}
            </p>
            <p className="text-sm break-words text-muted">
              <span className="font-mono">{token.hint}</span> · {token.scopes.join(', ')}
            </p>
            <p className="text-sm text-muted">
              {lastUse(token)} · Made {formatDate(token.createdAt.slice(0, 10))}
              {token.expiresAt
                ? ` · ${token.expired ? 'Expired' : 'Expires'} ${formatDate(token.expiresAt.slice(0, 10))}`
                : ' · Never expires'}
            </p>
          </div>
          <RowButton
            action="Revoke"
            row={token.name}
            className="self-start sm:self-auto"
            onClick={() => setView({ kind: 'revoke', token })}
          />
        </>
      )}
    </ListDialog>
  );
}
