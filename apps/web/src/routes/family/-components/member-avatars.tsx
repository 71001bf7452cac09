import { PersonAvatar } from '~/components/person-avatar';
import { avatarOverflow, type Member } from './family-labels';

/** Up to five members' initials, overlapping, then "+N" for the rest. */
export function MemberAvatars({ members }: { members: readonly Member[] }) {
  const { shown, more } = avatarOverflow(members);
  if (members.length === 0) return <p className="text-sm text-muted">No members yet</p>;
  return (
    <div className="flex items-center">
      <ul className="flex -space-x-2" aria-label={`${members.length} ${members.length === 1 ? 'member' : 'members'}`}>
        {shown.map((m) => (
          <li key={m.id} title={m.name}>
            <PersonAvatar name={m.name} imageUrl={m.imageUrl} className="size-9 border-2 border-surface bg-brand-100 text-xs" />
            <span className="sr-only">{m.name}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <span className="ml-2 text-sm font-medium text-muted">
          <span aria-hidden="true">+{more}</span>
          <span className="sr-only">and {more} more</span>
        </span>
      ) : null}
    </div>
  );
}
