import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Icon } from '~/components/icon';
import { NeedsConnection, useNeedsConnection } from '~/components/needs-connection';
import { accessLabels, canManage, groupTypeIcons, groupTypeLabels, type Group } from './family-labels';
import { LeaveGroupButton } from './leave-group-button';
import { MemberAvatars } from './member-avatars';

/** A group: type icon, name, type badge, description, members' avatars, Add Member and Manage for those who may, Leave for members. */
export function GroupCard({ group, onAddMember, onManage }: { group: Group; onAddMember: () => void; onManage: () => void }) {
  const manageable = canManage(group.access);
  const offline = useNeedsConnection();
  return (
    <Card as="li" className="flex flex-col p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name={groupTypeIcons[group.type]} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold break-words text-ink">{group.name}</h3>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge tone="brand">{groupTypeLabels[group.type]}</Badge>
            {group.access === 'owner' ? null : <Badge tone="info">{accessLabels[group.access]}</Badge>}
          </div>
        </div>
      </div>
      {group.description ? <p className="mt-3 text-sm text-muted">{group.description}</p> : null}
      {group.access === 'owner' ? null : <p className="mt-2 text-sm text-muted">Shared by {group.ownerName}</p>}
      <div className="mt-4">
        <MemberAvatars members={group.members} />
      </div>
      {group.trips.length > 0 ? (
        <p className="mt-3 text-sm text-muted">
          {group.trips.length === 1 ? '1 shared trip' : `${group.trips.length} shared trips`}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {manageable ? (
          <>
            <Button variant="secondary" size="sm" onClick={onAddMember} disabled={offline} aria-label={`Add Member to ${group.name}`}>
              Add Member
            </Button>
            <Button variant="ghost" size="sm" onClick={onManage} aria-label={`Manage ${group.name}`}>
              Manage
            </Button>
          </>
        ) : null}
        {group.access === 'owner' ? null : <LeaveGroupButton group={group} />}
      </div>
      {manageable ? <NeedsConnection action="Adding a member" className="mt-2 text-sm text-muted" /> : null}
    </Card>
  );
}
