// Apart from the page, so the route's search validation does not pull the whole screen into the entry chunk.
export const familyTabs = ['groups', 'shared-trips', 'events'] as const;
export type FamilyTab = (typeof familyTabs)[number];
