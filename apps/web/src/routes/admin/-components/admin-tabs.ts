// Kept apart from the page so the route's validateSearch does not pull the screen into the entry bundle.
export const adminTabs = ['users', 'audit', 'backups'] as const;
export type AdminTab = (typeof adminTabs)[number];
