import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';

export type TabItem = {
  key: string;
  label: ReactNode;
  content: ReactNode;
  /** Called when the tab is pointed at, focused or pressed: fetches a panel whose code loads on first use. */
  preload?: () => void;
};

export type TabsProps = {
  tabs: TabItem[];
  /** Accessible name of the tab list, e.g. "Trip sections". */
  label: string;
  /** Controlled selection; pair with onChange. Leave undefined for uncontrolled use. */
  selectedIndex?: number;
  /** Initial selection when uncontrolled. */
  defaultIndex?: number;
  onChange?: (index: number) => void;
  className?: string;
};

/**
 * Tabs with the WAI-ARIA tabs pattern from Headless UI: arrow keys move between tabs,
 * Home/End jump to the ends. The list scrolls sideways on narrow screens.
 */
export function Tabs({ tabs, label, selectedIndex, defaultIndex, onChange, className }: TabsProps) {
  const selection = selectedIndex === undefined ? { defaultIndex: defaultIndex ?? 0 } : { selectedIndex };
  return (
    <TabGroup {...selection} onChange={onChange} className={className}>
      <TabList
        aria-label={label}
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1 [scrollbar-width:thin]"
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            onPointerEnter={tab.preload}
            onFocus={tab.preload}
            onPointerDown={tab.preload}
            className={classNames(
              '-mb-px min-h-11 shrink-0 rounded-t-md border-b-2 border-transparent px-2 py-2 text-sm font-medium whitespace-nowrap text-muted transition-colors sm:px-4',
              'hover:border-slate-300 hover:text-ink',
              'data-selected:border-brand-600 data-selected:text-brand-700',
              // Headless UI focuses a clicked tab from script, which the browser counts as :focus-visible;
              // its data-focus follows real keyboard focus, so the ring shows for the keyboard only.
              'outline-none data-focus:outline-2 data-focus:outline-solid data-focus:-outline-offset-2 data-focus:outline-brand-600',
            )}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab) => (
          <TabPanel
            key={tab.key}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
