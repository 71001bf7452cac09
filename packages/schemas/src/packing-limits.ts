// The packing list's categories and lengths, without the schemas (and zod): screens that only draw the list import these.

/** The packing list's categories, in the order the list shows them. */
export const packingCategories = [
  'Clothing',
  'Toiletries',
  'Documents',
  'Electronics',
  'Health',
  'Kids',
  'Other',
] as const;
export type PackingCategory = (typeof packingCategories)[number];

export const packingLimits = { name: 120, quantity: { min: 1, max: 99 }, templateName: 80, todoTitle: 200 } as const;
