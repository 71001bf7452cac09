import type { IconName } from '../components/icon';

export interface NavEntry {
  name: string;
  path: string;
  icon: IconName;
}

/** The main navigation, in the spec's order (the planner is reached from other screens). */
export const navigation: NavEntry[] = [
  { name: 'Navigate', path: '/', icon: 'compass' },
  { name: 'My Trips', path: '/my-trips', icon: 'suitcase' },
  { name: 'Travel Journal', path: '/travel-journal', icon: 'book' },
  { name: 'Budget Tracker', path: '/budget-tracker', icon: 'wallet' },
  { name: 'Availability Planner', path: '/availability-planner', icon: 'calendar' },
  { name: 'Travel Documents', path: '/travel-documents', icon: 'document' },
  { name: 'Family & Groups', path: '/family', icon: 'users' },
  { name: 'Interests', path: '/interests', icon: 'heart' },
  { name: 'Inspirations', path: '/inspirations', icon: 'sparkles' },
  { name: 'Concierge', path: '/concierge', icon: 'bell' },
];
