import { isTravelTeam, type Role } from '@naav/schemas/role-names';
import type { IconName } from '../components/icon';
import { agentNavigation, mainNavigation, type NavPath } from './route-table';

export interface NavEntry {
  name: string;
  path: NavPath;
  icon: IconName;
}

const icons: Record<NavPath, IconName> = {
  '/': 'compass',
  '/my-trips': 'suitcase',
  '/travel-journal': 'book',
  '/budget-tracker': 'wallet',
  '/availability-planner': 'calendar',
  '/travel-documents': 'document',
  '/family': 'users',
  '/interests': 'heart',
  '/inspirations': 'sparkles',
  '/concierge': 'bell',
  '/travel-planner': 'route',
};

/** The main navigation (names, order and paths live in the route table) with its icons. */
const navigation: NavEntry[] = mainNavigation.map((entry) => ({ ...entry, icon: icons[entry.path] }));

/** An agent's navigation: their desk first (see agentNavigation). */
const agentNavigationEntries: NavEntry[] = agentNavigation.map((entry) => ({ ...entry, icon: icons[entry.path] }));

/** The navigation for a role: agents get their desk, everyone else the spec's list. */
export const navigationFor = (role: string | undefined): NavEntry[] =>
  isTravelTeam(role as Role | undefined) ? agentNavigationEntries : navigation;
