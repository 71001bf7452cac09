import { NaturalEarth } from '@visx/geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The world's outline ships with the app (a static file): no map tiles from the internet.
import worldUrl from 'world-atlas/countries-110m.json?url';

export interface MapPin {
  id: string;
  /** The pin's accessible name; also its tooltip unless `tooltip` is given. */
  label: string;
  /** A shorter text for the tooltip (e.g. just the location), when the label says more. */
  tooltip?: string;
  latitude: number;
  longitude: number;
}

// The projection fills the width at scale 175; the frame stops short of Antarctica (about 62°S),
// where no one's travels are, so the inhabited world gets the space.
const width = 960;
const height = 440;
const projectionScale = 175;
const projectionTranslate: [number, number] = [width / 2, 250];

// Sizes in CSS pixels: pins keep them however small the map is drawn, so a pin on a phone is
// still a 24 px touch target (WCAG 2.5.8) and its tooltip stays readable.
const pinRadius = 6;
const activePinRadius = 8;
const hitRadius = 12;
const tooltipFont = 13;

let worldPromise: Promise<FeatureCollection<Geometry>> | undefined;
function loadWorld(): Promise<FeatureCollection<Geometry>> {
  worldPromise ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`world outline: HTTP ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => feature(topology, topology.objects.countries) as FeatureCollection<Geometry>)
    .catch((error: unknown) => {
      // Forget the failure so the next map that mounts tries again.
      worldPromise = undefined;
      throw error;
    });
  return worldPromise;
}

/** View-box units per CSS pixel, so pins can be sized in screen pixels. */
function useUnitsPerPixel() {
  const ref = useRef<SVGSVGElement>(null);
  const [unitsPerPixel, setUnitsPerPixel] = useState(1);
  useEffect(() => {
    const svg = ref.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const drawn = entry?.contentRect.width ?? 0;
      if (drawn > 0) setUnitsPerPixel(width / drawn);
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, []);
  return [ref, unitsPerPixel] as const;
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
  const [failed, setFailed] = useState(false);
  const [hovered, setHovered] = useState<string | null>(null);
  const [svgRef, k] = useUnitsPerPixel();
  useEffect(() => {
    let live = true;
    loadWorld().then(
      (w) => live && setWorld(w),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // The hovered (or focused) pin's tooltip wins over the selected one's.
  const tooltipPin = pins.find((p) => p.id === hovered) ?? pins.find((p) => p.id === selectedId);

  return (
    <figure className={`overflow-hidden rounded-xl border border-gray-200 bg-brand-50 ${className}`}>
      <svg ref={svgRef} viewBox={`0 0 ${width} ${height}`} role="group" aria-label={label} className="block h-auto w-full">
        <rect width={width} height={height} fill="#e6f2f1" />
        <NaturalEarth<Feature<Geometry>>
          data={world?.features ?? []}
          scale={projectionScale}
          translate={projectionTranslate}
        >
          {({ features, projection }) => {
            const placed = pins.flatMap((pin) => {
              const point = projection([pin.longitude, pin.latitude]);
              return point ? [{ pin, x: point[0], y: point[1] }] : [];
            });
            const tip = placed.find((p) => p.pin.id === tooltipPin?.id);
            return (
              <g>
                {features.map(({ path, index }) => (
                  <path key={index} d={path ?? ''} fill="#cfe3e0" stroke="#ffffff" strokeWidth={0.5} />
                ))}
                {placed.map(({ pin, x, y }) => {
                  const selected = pin.id === selectedId;
                  const active = selected || pin.id === hovered;
                  return (
                    <g
                      key={pin.id}
                      transform={`translate(${x}, ${y})`}
                      role={onSelect ? 'button' : 'img'}
                      tabIndex={onSelect ? 0 : undefined}
                      aria-label={pin.label}
                      aria-pressed={onSelect ? selected : undefined}
                      className="group cursor-pointer outline-none"
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
                      {/* An invisible, larger circle: the part that takes clicks and taps. */}
                      <circle r={hitRadius * k} fill="transparent" />
                      {/* The keyboard focus ring, shown only for :focus-visible. */}
                      <circle
                        r={(activePinRadius + 4) * k}
                        fill="none"
                        stroke="#17202a"
                        strokeWidth={2 * k}
                        className="opacity-0 group-focus-visible:opacity-100"
                      />
                      <circle
                        r={(active ? activePinRadius : pinRadius) * k}
                        fill={active ? '#c4772a' : '#177067'}
                        stroke="#ffffff"
                        strokeWidth={2 * k}
                      />
                      <title>{pin.label}</title>
                    </g>
                  );
                })}
                {/* Drawn after every pin so no pin covers it. */}
                {tip && <Tooltip text={tip.pin.tooltip ?? tip.pin.label} x={tip.x} y={tip.y} k={k} />}
              </g>
            );
          }}
        </NaturalEarth>
      </svg>
      {!world && (
        <figcaption className="px-3 py-2 text-sm text-muted" role={failed ? 'status' : undefined}>
          {failed ? 'The world outline could not be loaded; the pins are still in place.' : 'Loading map…'}
        </figcaption>
      )}
    </figure>
  );
}

/** A label above the pin (below it near the top edge), kept inside the map's frame. */
function Tooltip({ text, x, y, k }: { text: string; x: number; y: number; k: number }) {
  const fontSize = tooltipFont * k;
  // Measuring text needs layout (absent in tests); 0.6 em per character is close for this font size.
  const boxWidth = (text.length * 0.6 * tooltipFont + 16) * k;
  const boxHeight = (tooltipFont + 11) * k;
  const gap = (activePinRadius + 6) * k;
  const below = y - gap - boxHeight < 0;
  const top = below ? y + gap : y - gap - boxHeight;
  const left = Math.min(Math.max(x - boxWidth / 2, 2), width - boxWidth - 2);
  return (
    <g pointerEvents="none" aria-hidden="true">
      <rect x={left} y={top} width={boxWidth} height={boxHeight} rx={6 * k} fill="#17202a" />
      <text
        x={left + boxWidth / 2}
        y={top + boxHeight / 2}
        dominantBaseline="central"
        textAnchor="middle"
        fill="#ffffff"
        fontSize={fontSize}
      >
        {text}
      </text>
    </g>
  );
}
