import { NaturalEarth } from '@visx/geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useEffect, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The world's outline ships with the app (a static file): no map tiles from the internet.
import worldUrl from 'world-atlas/countries-110m.json?url';

export interface MapPin {
  id: string;
  /** Shown in the pin's tooltip and read by screen readers. */
  label: string;
  latitude: number;
  longitude: number;
}

const width = 960;
const height = 500;

let worldPromise: Promise<FeatureCollection<Geometry>> | undefined;
function loadWorld(): Promise<FeatureCollection<Geometry>> {
  worldPromise ??= fetch(worldUrl)
    .then((response) => response.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((topology) => feature(topology, topology.objects.countries) as FeatureCollection<Geometry>);
  return worldPromise;
}

/** An offline world map with a pin per place; pins are keyboard-focusable and show their label. */
export function WorldMap({
  pins,
  label,
  selectedId,
  onSelect,
  className = '',
}: {
  pins: MapPin[];
  label: string;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  className?: string;
}) {
  const [world, setWorld] = useState<FeatureCollection<Geometry> | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadWorld().then((w) => live && setWorld(w));
    return () => {
      live = false;
    };
  }, []);

  return (
    <figure className={`overflow-hidden rounded-xl border border-gray-200 bg-brand-50 ${className}`}>
      <svg viewBox={`0 0 ${width} ${height}`} role="group" aria-label={label} className="block h-auto w-full">
        <rect width={width} height={height} fill="#e6f2f1" />
        <NaturalEarth<Feature<Geometry>>
          data={world?.features ?? []}
          scale={175}
          translate={[width / 2, height / 2 + 20]}
        >
          {({ features, projection }) => (
            <g>
              {features.map(({ path, index }) => (
                <path key={index} d={path ?? ''} fill="#cfe3e0" stroke="#ffffff" strokeWidth={0.5} />
              ))}
              {pins.map((pin) => {
                const point = projection([pin.longitude, pin.latitude]);
                if (!point) return null;
                const [x, y] = point;
                const active = pin.id === selectedId || pin.id === hovered;
                return (
                  <g
                    key={pin.id}
                    transform={`translate(${x}, ${y})`}
                    role={onSelect ? 'button' : 'img'}
                    tabIndex={onSelect ? 0 : undefined}
                    aria-label={pin.label}
                    aria-pressed={onSelect ? pin.id === selectedId : undefined}
                    className="cursor-pointer outline-none [&:focus-visible>circle:first-child]:stroke-ink"
                    onMouseEnter={() => setHovered(pin.id)}
                    onMouseLeave={() => setHovered(null)}
                    onFocus={() => setHovered(pin.id)}
                    onBlur={() => setHovered(null)}
                    onClick={() => onSelect?.(pin.id)}
                    onKeyDown={(e) => {
                      if (onSelect && (e.key === 'Enter' || e.key === ' ')) {
                        e.preventDefault();
                        onSelect(pin.id);
                      }
                    }}
                  >
                    <circle r={active ? 9 : 7} fill={active ? '#c4772a' : '#177067'} stroke="#ffffff" strokeWidth={2} />
                    <title>{pin.label}</title>
                    {active && (
                      <g transform="translate(0, -16)" pointerEvents="none">
                        <rect x={-pin.label.length * 4 - 8} y={-22} width={pin.label.length * 8 + 16} height={24} rx={6} fill="#17202a" />
                        <text textAnchor="middle" y={-5} fill="#ffffff" fontSize={13}>
                          {pin.label}
                        </text>
                      </g>
                    )}
                  </g>
                );
              })}
            </g>
          )}
        </NaturalEarth>
      </svg>
      {!world && <figcaption className="px-3 py-2 text-sm text-muted">Loading map…</figcaption>}
    </figure>
  );
}
