// Kept apart from the page so the route's validateSearch does not pull the screen into the entry bundle.
export const adminTabs = ['users', 'audit'] as const;
export type AdminTab = (typeof adminTabs)[number];
