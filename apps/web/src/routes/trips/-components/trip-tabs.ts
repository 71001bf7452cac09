// Kept apart from the page so the route's validateSearch does not pull the screen into the entry bundle.
export const tripTabs = ['itinerary', 'details', 'documents', 'photos'] as const;
export type TripTab = (typeof tripTabs)[number];
