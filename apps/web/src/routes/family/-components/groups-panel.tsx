import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Tabs } from '@naav/ui/tabs';
import { Icon } from '~/components/icon';
import { useTRPC } from '~/lib/trpc';
import type { Group } from './family-labels';
import { GroupCard } from './group-card';
import { LiveStatus, useLiveTopics } from '~/components/live-topics';
import { useMe } from '~/components/use-me';
import { QueryState } from '~/components/query-state';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';

// The groups' dialogs (their forms) load when a button of the panel is first pointed at, focused or pressed.
const CreateGroupDialog = lazyDialog(() => import('./create-group-dialog').then((m) => m.CreateGroupDialog));
type GroupDialogProps = { group: Group | null; open: boolean; onClose: () => void };
const AddMemberDialog = lazyDialog<GroupDialogProps>(() =>
  import('./add-member-dialog').then((m) => m.AddMemberDialog),
);
const ManageGroupDialog = lazyDialog<GroupDialogProps>(() =>
  import('./manage-group-dialog').then((m) => m.ManageGroupDialog),
);
const preloadDialogs = preloadOnIntent(CreateGroupDialog, AddMemberDialog, ManageGroupDialog);

/** My Groups (the ones I own) and Shared with Me (the ones I was added to), with New Group. */
export function GroupsPanel() {
  const trpc = useTRPC();
  const groups = useQuery(trpc.family.groups.queryOptions());
  const me = useMe();
  // Members, permissions and shared trips change as the groups' owners and admins edit them;
  // the user's own list (trips:<me>) hears of a group they were just added to or removed from.
  const live = useLiveTopics([
    me ? `trips:${me.id}` : null,
    ...(groups.data?.slice(0, 29).map((g) => `group:${g.id}`) ?? []),
  ]);
  const [creating, setCreating] = useState(false);
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const [managing, setManaging] = useState<string | null>(null);
  // Dialogs follow the fresh list, so a rename or a new member shows at once.
  const find = (id: string | null) => groups.data?.find((g) => g.id === id) ?? null;

  const mine = groups.data?.filter((g) => g.access === 'owner') ?? [];
  const shared = groups.data?.filter((g) => g.access !== 'owner') ?? [];
  const list = (items: Group[]) => (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((group) => (
        <GroupCard
          key={group.id}
          group={group}
          onAddMember={() => setAddingTo(group.id)}
          onManage={() => setManaging(group.id)}
        />
      ))}
    </ul>
  );

  return (
    <div {...preloadDialogs}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">Your groups</h2>
        <Button onClick={() => setCreating(true)}>New Group</Button>
      </div>
      <LiveStatus reconnecting={live.reconnecting} />
      <div className="mt-4">
        <QueryState
          query={groups}
          loading={{ text: 'Loading family groups...', round: true }}
          error={
            <div role="alert" className="rounded-xl border border-red-200 bg-danger-50 p-4 text-sm text-ink">
              <p>Failed to fetch family groups</p>
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => void groups.refetch()}>
                Try again
              </Button>
            </div>
          }
        >
          {() => (
            <Tabs
              label="Groups"
              // Open where the person's groups are: someone who only belongs to others' groups sees them first.
              defaultIndex={mine.length === 0 && shared.length > 0 ? 1 : 0}
              tabs={[
                {
                  key: 'mine',
                  label: `My Groups (${mine.length})`,
                  content:
                    mine.length === 0 ? (
                      <EmptyState
                        icon={<Icon name="users" className="size-8" />}
                        title="No family groups yet"
                        description={
                          shared.length > 0
                            ? `You belong to ${shared.length === 1 ? 'a group' : `${shared.length} groups`} someone else made: see Shared with Me. Create your own for the people you travel with, then share trips with them.`
                            : 'Create a group for the people you travel with, then share trips with them.'
                        }
                        titleAs="h3"
                        action={<Button onClick={() => setCreating(true)}>Create Family Group</Button>}
                      />
                    ) : (
                      list(mine)
                    ),
                },
                {
                  key: 'shared',
                  label: `Shared with Me (${shared.length})`,
                  content:
                    shared.length === 0 ? (
                      <EmptyState
                        icon={<Icon name="users" className="size-8" />}
                        title="No shared groups yet"
                        description="When someone adds you to their group with your e-mail address, it appears here."
                        titleAs="h3"
                      />
                    ) : (
                      list(shared)
                    ),
                },
              ]}
            />
          )}
        </QueryState>
      </div>
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
      <AddMemberDialog group={find(addingTo)} open={find(addingTo) !== null} onClose={() => setAddingTo(null)} />
      <ManageGroupDialog group={find(managing)} open={find(managing) !== null} onClose={() => setManaging(null)} />
    </div>
  );
}
