import { Tabs } from '@naav/ui/tabs';
import { LoadingBlock } from '~/components/loading-block';
import { usePageTitle } from '~/components/page-title';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
import { adminTabs, type AdminTab } from './admin-tabs';
import { AuditTab } from './audit-tab';
import { BackupsTab } from './backups-tab';
import { UsersTab } from './users-tab';

/** The administrators' screen: the people (roles, deactivation, two-factor, invitations), the audit log and backups. */
export function AdminPage({ tab, onTabChange }: { tab: AdminTab; onTabChange: (tab: AdminTab) => void }) {
  usePageTitle('Admin');
  const trpc = useTRPC();
  const { data: me, isPending } = useQuery(trpc.me.get.queryOptions());
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Admin</h1>
      <p className="mt-2 text-muted">
        The people who use Naav, their roles and sign-in, what happened when, and the backups.
      </p>
      {isPending ? (
        <div className="mt-6">
          <LoadingBlock text="Loading…" rows={2} />
        </div>
      ) : me?.role !== 'admin' ? (
        <p role="alert" className="mt-6 rounded-xl border border-gray-200 bg-surface p-4 text-ink">
          Only administrators can open this screen.
        </p>
      ) : (
        <Tabs
          className="mt-6"
          label="Admin"
          selectedIndex={adminTabs.indexOf(tab)}
          onChange={(index) => onTabChange(adminTabs[index] ?? 'users')}
          tabs={[
            { key: 'users', label: 'Users', content: <UsersTab meId={me.id} /> },
            { key: 'audit', label: 'Audit log', content: <AuditTab /> },
            { key: 'backups', label: 'Backups', content: <BackupsTab /> },
          ]}
        />
      )}
    </div>
  );
}
