import { WorldMap, type MapPin } from '../../../components/world-map';
import type { Travel } from '../../../lib/api-types';

/** The map view: a pin per travel with coordinates, and the others named beneath the map. */
export function TravelMap({
  travels,
  selectedId,
  onSelect,
}: {
  travels: Travel[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const pins: MapPin[] = [];
  const unplaced: Travel[] = [];
  for (const travel of travels) {
    if (travel.latitude === null || travel.longitude === null) unplaced.push(travel);
    else
      pins.push({
        id: travel.id,
        label: `${travel.title}, ${travel.location}`,
        tooltip: travel.location,
        latitude: travel.latitude,
        longitude: travel.longitude,
      });
  }
  return (
    <div className="space-y-3">
      <WorldMap pins={pins} label="Map of your travels" selectedId={selectedId} onSelect={onSelect} zoomable />
      {unplaced.length > 0 && (
        <p className="text-sm text-muted">
          Not on the map:{' '}
          {unplaced.map((travel, index) => (
            <span key={travel.id}>
              {index > 0 && ', '}
              <button
                type="button"
                aria-pressed={travel.id === selectedId}
                onClick={() => onSelect(travel.id)}
                className="rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {travel.title}
              </button>{' '}
              ({travel.location})
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
