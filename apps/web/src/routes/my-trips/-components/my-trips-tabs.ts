// Kept apart from the page so the route's validateSearch does not pull the screen into the entry bundle.
export const myTripsTabs = ['current', 'upcoming', 'past'] as const;
export type MyTripsTab = (typeof myTripsTabs)[number];
