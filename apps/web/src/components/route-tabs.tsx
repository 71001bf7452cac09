import type { ReactNode } from 'react';
import { Tabs } from '@naav/ui/tabs';

/** One tab of RouteTabs: its key in the address, its label and what it shows (`preload`: fetch its code on intent, see Tabs). */
export type RouteTab<K extends string> = { key: K; label: string; content: ReactNode; preload?: () => void };

/**
 * A page's tabs whose choice lives in the address (`?tab=`): `tabs` in order, `tab` the key shown,
 * `onTabChange` called with the key chosen (the first if the choice has none).
 */
export function RouteTabs<K extends string>({
  tabs,
  tab,
  onTabChange,
  label,
  className,
}: {
  tabs: readonly RouteTab<K>[];
  tab: K;
  onTabChange: (tab: K) => void;
  label: string;
  className?: string;
}) {
  return (
    <Tabs
      className={className}
      label={label}
      selectedIndex={tabs.findIndex((t) => t.key === tab)}
      onChange={(index) => onTabChange((tabs[index] ?? tabs[0])!.key)}
      tabs={[...tabs]}
    />
  );
}
