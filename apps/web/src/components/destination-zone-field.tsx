import type { AnyFieldMeta } from '@tanstack/react-form';
import { useMemo } from 'react';
import { firstError } from './form';
import { TimeZoneSelect } from './form-controls';
import { timeZoneOptions } from './use-place-lookup';

/** The form field it is bound to: the zone the traveller picked, null until then. */
interface ZoneField {
  name: string;
  state: { value: string | null; meta: Pick<AnyFieldMeta, 'errors'> };
  handleChange: (zone: string) => void;
  handleBlur: () => void;
}

/**
 * "Time zone" of a trip or a trip request: until the traveller picks one it shows the
 * destination's (`placeZone`, with "Filled in from `placeName`"); "Not sure yet" leaves it unset.
 */
export function DestinationZoneField({
  field,
  placeZone,
  placeName,
}: {
  field: ZoneField;
  placeZone: string;
  placeName: string | null;
}) {
  const timeZone = field.state.value ?? placeZone;
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  return (
    <TimeZoneSelect
      label="Time zone"
      optional
      name={field.name}
      value={timeZone}
      onChange={(e) => field.handleChange(e.target.value)}
      onBlur={field.handleBlur}
      hint={field.state.value === null && placeName ? `Filled in from ${placeName}` : undefined}
      error={firstError(field.state.meta)}
      zones={zones}
      emptyLabel="Not sure yet"
    />
  );
}
