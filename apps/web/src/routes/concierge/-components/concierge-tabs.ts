// Kept apart from the page so the route's validateSearch does not pull the screen into the entry bundle.
export const conciergeTabs = ['chat', 'requests'] as const;
export type ConciergeTab = (typeof conciergeTabs)[number];
