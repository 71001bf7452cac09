import { usePageTitle } from '~/components/page-title';
import { EventsPanel } from './events-panel';
import { GroupsPanel } from './groups-panel';
import { SharedTripsPanel } from './shared-trips-panel';
import type { FamilyTab } from './family-tabs';
import { type RouteTab, RouteTabs } from '~/components/route-tabs';

const sections: readonly RouteTab<FamilyTab>[] = [
  { key: 'groups', label: 'Groups', content: <GroupsPanel /> },
  { key: 'shared-trips', label: 'Shared Trips', content: <SharedTripsPanel /> },
  { key: 'events', label: 'Events', content: <EventsPanel /> },
];

/** Family & Groups: groups and their members, the trips shared with them, and the members' upcoming events. */
export function FamilyPage({ tab, onTabChange }: { tab: FamilyTab; onTabChange: (tab: FamilyTab) => void }) {
  usePageTitle('Family & Groups');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Family & Groups</h1>
      <p className="mt-2 text-muted">Manage your family groups and shared trips</p>
      <RouteTabs className="mt-6" label="Family sections" tabs={sections} tab={tab} onTabChange={onTabChange} />
    </div>
  );
}
