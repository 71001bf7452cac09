import { useOnline } from '../lib/use-online';

/** What an action that only the server can carry out says while there is no network. */
export const needsConnectionText = (action: string) => `${action} needs a connection.`;

/**
 * The short text beside an action that only the server can carry out (signing up, inviting a
 * member, creating a proposal, uploading a photo): while offline the action is disabled
 * (`useNeedsConnection`) and this says why, instead of the action failing once filled in.
 */
export function NeedsConnection({
  action,
  id,
  className = 'text-sm text-muted',
}: {
  action: string;
  id?: string;
  className?: string;
}) {
  const online = useOnline();
  if (online) return null;
  return (
    <p id={id} className={className}>
      {needsConnectionText(action)}
    </p>
  );
}

/** True while offline: the server's actions must wait. */
export function useNeedsConnection(): boolean {
  return !useOnline();
}
