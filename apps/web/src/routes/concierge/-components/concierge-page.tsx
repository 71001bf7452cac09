import { isTravelTeam } from '@naav/schemas/role-names';
import { Tabs } from '@naav/ui/tabs';
import { lazy, Suspense } from 'react';
import { usePageTitle } from '~/components/page-title';
import { useMe } from '~/components/use-me';
import { LiveTopics } from '~/components/live-topics';
import { LoadingBlock } from '~/components/loading-block';
import { AgentInbox } from './agent-inbox';
import { ConciergeSidebar } from './concierge-sidebar';
import { conciergeTabs, type ConciergeTab } from './concierge-tabs';
import { LiveChat } from './live-chat';

// The Service Requests tab (its form) loads when the tab is first pointed at, focused or chosen: the screen opens on the chat.
const loadServiceRequests = () => import('./service-requests');
const ServiceRequests = lazy(() => loadServiceRequests().then((m) => ({ default: m.ServiceRequests })));
const loadAgentRequests = () => import('./agent-requests');
const AgentRequests = lazy(() => loadAgentRequests().then((m) => ({ default: m.AgentRequests })));
const preloading = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
const requestsLoading = <LoadingBlock text="Loading service requests..." rows={2} />;

/** Travellers talk to the concierge and file requests; agents (by role) answer them. */
export function ConciergePage({ tab, onTabChange }: { tab: ConciergeTab; onTabChange: (tab: ConciergeTab) => void }) {
  usePageTitle('Travel Concierge');
  const me = useMe();
  const isAgent = isTravelTeam(me?.role);
  const tabs = isAgent
    ? [
        { key: 'chat', label: 'Traveller Chats', content: <AgentInbox /> },
        {
          key: 'requests',
          label: 'Service Requests',
          content: (
            <Suspense fallback={requestsLoading}>
              <AgentRequests />
            </Suspense>
          ),
          preload: preloading(loadAgentRequests),
        },
      ]
    : [
        { key: 'chat', label: 'Live Chat', content: <LiveChat /> },
        {
          key: 'requests',
          label: 'Service Requests',
          content: (
            <Suspense fallback={requestsLoading}>
              <ServiceRequests />
            </Suspense>
          ),
          preload: preloading(loadServiceRequests),
        },
      ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Concierge</h1>
      <p className="mt-2 text-muted">
        {isAgent
          ? 'Answer travellers and move their requests along.'
          : 'Real people planning with you before the trip and looking after you during it.'}
      </p>
      {/* New messages, requests and unread counts are pushed: the traveller's own conversation, or every one at the agents' desk. */}
      <LiveTopics topics={[me ? (isAgent ? 'concierge' : `concierge:${me.id}`) : null]} />
      {!me ? (
        <div className="mt-6">
          <LoadingBlock text="Loading concierge..." rows={2} />
        </div>
      ) : isAgent ? (
        <Tabs
          className="mt-6"
          label="Concierge desk"
          selectedIndex={conciergeTabs.indexOf(tab)}
          onChange={(i) => onTabChange(conciergeTabs[i] ?? 'chat')}
          tabs={tabs}
        />
      ) : (
        // The chat comes first, so a phone shows it at once; from the large breakpoint the sidebar is the left column.
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <Tabs
            label="Concierge"
            selectedIndex={conciergeTabs.indexOf(tab)}
            onChange={(i) => onTabChange(conciergeTabs[i] ?? 'chat')}
            tabs={tabs}
            className="min-w-0 lg:col-start-2 lg:row-start-1"
          />
          <ConciergeSidebar className="lg:col-start-1 lg:row-start-1" />
        </div>
      )}
    </div>
  );
}
