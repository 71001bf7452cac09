import type { IconName } from '../components/icon';
import { mainNavigation, type NavPath } from './route-table';

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
};

/** The main navigation (names, order and paths live in the route table) with its icons. */
export const navigation: NavEntry[] = mainNavigation.map((entry) => ({ ...entry, icon: icons[entry.path] }));
