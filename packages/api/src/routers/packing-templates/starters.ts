import type { PackingCategory } from '@naav/schemas/packing';

/**
 * Naav's built-in packing lists, what sets each apart first (the template dialog previews the first few). An item with `perDay` is counted for the trip's length
 * (clothing, nappies), at least 1 and at most `max` (a week's worth: there is laundry); the
 * others are one of each, or `quantity`.
 */
export interface StarterItem {
  name: string;
  category: PackingCategory;
  quantity?: number;
  perDay?: number;
  max?: number;
}

export interface Starter {
  id: `starter-${string}`;
  name: string;
  items: readonly StarterItem[];
}

const essentials: StarterItem[] = [
  { name: 'Passport or ID', category: 'Documents' },
  { name: 'Travel insurance details', category: 'Documents' },
  { name: 'Phone charger', category: 'Electronics' },
  { name: 'Toothbrush and toothpaste', category: 'Toiletries' },
  { name: 'Medicines', category: 'Health' },
  { name: 'Underwear', category: 'Clothing', perDay: 1, max: 8 },
  { name: 'Socks', category: 'Clothing', perDay: 1, max: 8 },
];

export const starters: readonly Starter[] = [
  {
    id: 'starter-beach',
    name: 'Beach',
    items: [
      { name: 'Swimsuit', category: 'Clothing', quantity: 2 },
      { name: 'T-shirts', category: 'Clothing', perDay: 1, max: 7 },
      { name: 'Shorts', category: 'Clothing', perDay: 0.5, max: 4 },
      { name: 'Sandals', category: 'Clothing' },
      { name: 'Sunhat', category: 'Clothing' },
      { name: 'Sunglasses', category: 'Other' },
      { name: 'Sun cream', category: 'Toiletries' },
      { name: 'After-sun', category: 'Toiletries' },
      { name: 'Beach towel', category: 'Other' },
      ...essentials,
    ],
  },
  {
    id: 'starter-city',
    name: 'City',
    items: [
      { name: 'T-shirts or tops', category: 'Clothing', perDay: 1, max: 7 },
      { name: 'Trousers', category: 'Clothing', perDay: 0.34, max: 3 },
      { name: 'Comfortable walking shoes', category: 'Clothing' },
      { name: 'Light jacket', category: 'Clothing' },
      { name: 'Umbrella', category: 'Other' },
      { name: 'Power bank', category: 'Electronics' },
      { name: 'Day bag', category: 'Other' },
      ...essentials,
    ],
  },
  {
    id: 'starter-winter',
    name: 'Winter',
    items: [
      { name: 'Thermal layers', category: 'Clothing', perDay: 0.5, max: 4 },
      { name: 'Jumpers', category: 'Clothing', perDay: 0.34, max: 3 },
      { name: 'Warm coat', category: 'Clothing' },
      { name: 'Hat, scarf and gloves', category: 'Clothing' },
      { name: 'Waterproof boots', category: 'Clothing' },
      { name: 'Warm socks', category: 'Clothing', perDay: 1, max: 7 },
      { name: 'Lip balm', category: 'Toiletries' },
      { name: 'Hand cream', category: 'Toiletries' },
      // Warm socks instead of the essentials' socks.
      ...essentials.filter((item) => item.name !== 'Socks'),
    ],
  },
  {
    id: 'starter-business',
    name: 'Business',
    items: [
      { name: 'Shirts or blouses', category: 'Clothing', perDay: 1, max: 6 },
      { name: 'Suit or smart outfit', category: 'Clothing' },
      { name: 'Smart shoes', category: 'Clothing' },
      { name: 'Laptop and charger', category: 'Electronics' },
      { name: 'Travel adapter', category: 'Electronics' },
      { name: 'Business cards', category: 'Documents' },
      { name: 'Meeting notes', category: 'Documents' },
      ...essentials,
    ],
  },
  {
    id: 'starter-children',
    name: 'With children',
    items: [
      { name: "Children's passports", category: 'Documents' },
      { name: "Children's outfits", category: 'Clothing', perDay: 1, max: 8 },
      { name: 'Pyjamas', category: 'Clothing', quantity: 2 },
      { name: 'Nappies or pull-ups', category: 'Kids', perDay: 5, max: 40 },
      { name: 'Wipes', category: 'Kids', quantity: 2 },
      { name: 'Snacks for the journey', category: 'Kids' },
      { name: 'Favourite toy', category: 'Kids' },
      { name: 'Books or tablet', category: 'Kids' },
      { name: "Children's paracetamol", category: 'Health' },
      { name: 'Plasters', category: 'Health' },
      ...essentials,
    ],
  },
];

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** How many of a starter item a trip of `days` days needs. */
export const starterQuantity = (item: StarterItem, days: number): number =>
  item.perDay ? clamp(Math.ceil(days * item.perDay), 1, Math.min(item.max ?? 14, 99)) : (item.quantity ?? 1);

/** A kept template's clothing counted again for a trip of another length (at least 1, at most 99). */
export const scaledQuantity = (quantity: number, category: string, fromDays: number, toDays: number): number =>
  category === 'Clothing' && fromDays > 0 ? clamp(Math.round((quantity * toDays) / fromDays), 1, 99) : quantity;

export interface TripForSuggestion {
  title: string;
  description: string | null;
  location: string;
  startDate: string;
  days: number;
  /** Its companions' relationships ("Daughter", "Son"). */
  relationships: readonly string[];
}

const childWords = /\b(son|daughter|child|children|kid|kids|baby|toddler|grandson|granddaughter|grandchild)\b/i;
const businessWords = /\b(business|conference|meeting|meetings|summit|work trip|client|offsite)\b/i;

/**
 * The starter that suits a trip, and why: children among its companions, then a business trip
 * by its title or description, then the destination's usual weather in the month it starts
 * (daily highs of 10 °C or less: winter; 25 °C or more: beach; city otherwise).
 */
export function suggestStarter(
  trip: TripForSuggestion,
  weather: { highC: number; month: string } | null,
): { id: Starter['id']; reason: string } {
  if (trip.relationships.some((r) => childWords.test(r)))
    return { id: 'starter-children', reason: 'Children are coming on this trip' };
  if (businessWords.test(`${trip.title} ${trip.description ?? ''}`))
    return { id: 'starter-business', reason: 'It looks like a business trip' };
  if (weather) {
    const climate = `usually ${weather.highC} °C by day in ${weather.month}`;
    if (weather.highC <= 10) return { id: 'starter-winter', reason: `Cold at your destination: ${climate}` };
    if (weather.highC >= 25) return { id: 'starter-beach', reason: `Warm at your destination: ${climate}` };
    return { id: 'starter-city', reason: `Mild at your destination: ${climate}` };
  }
  return { id: 'starter-city', reason: `A ${trip.days}-day trip` };
}
