export const requestTypes = [
  { value: 'general', label: 'General' },
  { value: 'reservation', label: 'Reservation' },
  { value: 'transportation', label: 'Transportation' },
  { value: 'special_request', label: 'Special Request' },
  { value: 'activity', label: 'Activity' },
] as const;
export type RequestType = (typeof requestTypes)[number]['value'];
export const requestTypeLabel = (type: string) => requestTypes.find((t) => t.value === type)?.label ?? type;
