import { geoNaturalEarth1, geoPath } from '@visx/vendor/d3-geo';
import { Zoom, type ProvidedZoom, type TransformMatrix, type ZoomState } from '@visx/zoom';
import type { Feature, Geometry } from 'geojson';
import { memo, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The world's outline ships with the app (a static file): no map tiles from the internet.
import worldUrl from 'world-atlas/countries-110m.json?url';
import { Icon } from './icon';
import { clusterPoints, separateNumbered, type PointGroup } from './map-clusters';

export interface MapPin {
  id: string;
  /** The pin's accessible name; also its tooltip unless `tooltip` is given. */
  label: string;
  /** A shorter text for the tooltip (e.g. just the location), when the label says more. */
  tooltip?: string;
  latitude: number;
  longitude: number;
  /** Travels this mark stands for, when the server grouped several (default 1): drawn as a cluster. */
  count?: number;
}

/** What part of the world the map shows: bounds in degrees and the zoom factor (1 = whole world). */
export interface MapView {
  west: number;
  south: number;
  east: number;
  north: number;
  scale: number;
}

export const wholeWorld: MapView = { west: -180, south: -90, east: 180, north: 90, scale: 1 };

// The projection fills a 960 × 440 frame at scale 175; the frame stops short of Antarctica
// (about 62°S), where no one's travels are, so the inhabited world gets the space. The map is
// drawn at whatever width its box has; pins, clusters and tooltips are placed in CSS pixels.
const frameWidth = 960;
const frameHeight = 440;
const projectionScale = 175;
const projectionTranslate: [number, number] = [frameWidth / 2, 250];
/** The projection the outline is drawn and the pins are placed with. */
const projection = geoNaturalEarth1().scale(projectionScale).translate(projectionTranslate);

// Sizes in CSS pixels whatever the map's size and zoom, so a pin on a phone is still a 44 px
// touch target and its tooltip stays readable.
const pinRadius = 6;
const activePinRadius = 8;
const hitRadius = 22;
const clusterRadius = 14;
const tooltipFont = 13;
/** Pins whose centres are closer than this share one numbered mark (their drawn pins would touch). */
const clusterDistance = 12;
const maxZoom = 10;
const zoomStep = 1.6;

/** Lets the browser handle input and paint between two slices of a long job. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Countries projected per slice of the outline: each slice stays well under the 50 ms of a long task. */
const countriesPerSlice = 12;

/**
 * The countries' outlines as one SVG path in the frame's units. The frame never changes, so the
 * outline is projected once per page load, not on every render of the map, and a few countries
 * at a time, so that projecting the 177 of them never holds the page up for long.
 */
async function projectWorld(topology: Topology<{ countries: GeometryCollection }>): Promise<string> {
  const outline = geoPath(projection);
  const countries = topology.objects.countries.geometries;
  let drawn = '';
  for (let from = 0; from < countries.length; from += countriesPerSlice) {
    if (from > 0) await nextTask();
    for (const country of countries.slice(from, from + countriesPerSlice)) drawn += outline(feature(topology, country) as Feature<Geometry>) ?? '';
  }
  return drawn;
}

let worldPromise: Promise<string> | undefined;
function loadWorld(): Promise<string> {
  worldPromise ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`world outline: HTTP ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then(projectWorld)
    .catch((error: unknown) => {
      // Forget the failure so the next map that mounts tries again.
      worldPromise = undefined;
      throw error;
    });
  return worldPromise;
}

/** The map's drawn width in CSS pixels (the frame's width until measured, e.g. in tests). */
function useDrawnWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [drawnWidth, setDrawnWidth] = useState(frameWidth);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measured = box.getBoundingClientRect().width;
    if (measured > 0) setDrawnWidth(measured);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const drawn = entry?.contentRect.width ?? 0;
      if (drawn > 0) setDrawnWidth(drawn);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, drawnWidth] as const;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The degrees the visible part of the frame covers (frame units, before the zoom): points along
 * its edges projected back, so the curved meridians of the projection are inside the bounds.
 * A point off the globe counts as the world's edge on that side.
 */
function visibleBounds(left: number, top: number, right: number, bottom: number, scale: number): MapView {
  if (scale <= 1.001) return wholeWorld;
  const lons: number[] = [];
  const lats: number[] = [];
  const steps = 6;
  for (let i = 0; i <= steps; i++) {
    const x = left + ((right - left) * i) / steps;
    const y = top + ((bottom - top) * i) / steps;
    for (const [px, py] of [
      [x, top],
      [x, bottom],
      [left, y],
      [right, y],
    ] as const) {
      const place = projection.invert?.([px, py]);
      if (!place || !Number.isFinite(place[0]) || !Number.isFinite(place[1])) continue;
      lons.push(clamp(place[0], -180, 180));
      lats.push(clamp(place[1], -90, 90));
    }
  }
  if (lons.length === 0) return { ...wholeWorld, scale };
  // A little beyond the edges, so a pin half in view is drawn.
  const padLon = (Math.max(...lons) - Math.min(...lons)) * 0.05;
  const padLat = (Math.max(...lats) - Math.min(...lats)) * 0.05;
  return {
    west: clamp(Math.min(...lons) - padLon, -180, 180),
    east: clamp(Math.max(...lons) + padLon, -180, 180),
    south: clamp(Math.min(...lats) - padLat, -90, 90),
    // The frame stops short of the poles: its top edge is the top of the world.
    north: top <= 0 ? 90 : clamp(Math.max(...lats) + padLat, -90, 90),
    scale,
  };
}

/**
 * An offline world map with a pin per place; pins are keyboard-focusable and show their label.
 * With `zoomable` it zooms and pans (buttons, pinch, Ctrl or ⌘ with the wheel, dragging) and
 * pins that would overlap at the current size share a numbered mark that zooms in to them.
 */
export function WorldMap({
  pins,
  label,
  selectedId,
  onSelect,
  onViewChange,
  zoomable = false,
  className = '',
}: {
  pins: MapPin[];
  label: string;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** Told what the map shows after every zoom and pan (the caller may ask for that part's pins). */
  onViewChange?: (view: MapView) => void;
  zoomable?: boolean;
  className?: string;
}) {
  const [world, setWorld] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [boxRef, drawnWidth] = useDrawnWidth();
  const drawnHeight = (drawnWidth * frameHeight) / frameWidth;
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

  // The whole world always fills the frame: no zooming out past it, no panning off its edges.
  const constrain = useCallback(
    (next: TransformMatrix): TransformMatrix => {
      const scale = clamp(next.scaleX, 1, maxZoom);
      return {
        ...next,
        scaleX: scale,
        scaleY: scale,
        translateX: clamp(next.translateX, drawnWidth - drawnWidth * scale, 0),
        translateY: clamp(next.translateY, drawnHeight - drawnHeight * scale, 0),
      };
    },
    [drawnWidth, drawnHeight],
  );

  return (
    <figure ref={boxRef} className={`relative overflow-hidden rounded-xl border border-gray-200 bg-brand-50 ${className}`}>
      <Zoom<SVGSVGElement> width={drawnWidth} height={drawnHeight} constrain={constrain}>
        {(zoom) => (
          <MapCanvas
            zoom={zoom}
            zoomable={zoomable}
            world={world}
            pins={pins}
            label={label}
            selectedId={selectedId}
            onSelect={onSelect}
            onViewChange={onViewChange}
            drawnWidth={drawnWidth}
            drawnHeight={drawnHeight}
          />
        )}
      </Zoom>
      {!world && (
        <figcaption className="px-3 py-2 text-sm text-muted" role={failed ? 'status' : undefined}>
          {failed ? 'The world outline could not be loaded; the pins are still in place.' : 'Loading map…'}
        </figcaption>
      )}
    </figure>
  );
}

type ZoomApi = ProvidedZoom<SVGSVGElement> & ZoomState;

type Placed = { pin: MapPin; x: number; y: number };

/** A group drawn as a pin: one travel, not a cluster the server counted. */
const isLonePin = (group: PointGroup<Placed>) => group.items.length === 1 && (group.items[0]?.pin.count ?? 1) === 1;

function MapCanvas({
  zoom,
  zoomable,
  world,
  pins,
  label,
  selectedId,
  onSelect,
  onViewChange,
  drawnWidth,
  drawnHeight,
}: {
  zoom: ZoomApi;
  zoomable: boolean;
  world: string | null;
  pins: MapPin[];
  label: string;
  selectedId: string | null | undefined;
  onSelect: ((id: string) => void) | undefined;
  onViewChange: ((view: MapView) => void) | undefined;
  drawnWidth: number;
  drawnHeight: number;
}) {
  const [hovered, setHovered] = useState<string | null>(null);
  const scale = zoom.transformMatrix.scaleX;
  const { translateX, translateY } = zoom.transformMatrix;
  const pixelsPerUnit = drawnWidth / frameWidth;
  const svgRef = zoom.containerRef;

  // Without Ctrl or ⌘ the wheel scrolls the page as usual; with one (a trackpad pinch sends
  // Ctrl) it reaches the zoom. Stopped on the way down, before the map's own listener.
  useEffect(() => {
    const box = svgRef.current?.parentElement;
    if (!zoomable || !box) return;
    const filter = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) event.stopPropagation();
    };
    box.addEventListener('wheel', filter, { capture: true });
    return () => box.removeEventListener('wheel', filter, { capture: true });
  }, [zoomable, svgRef]);

  // The part of the world in view, in degrees, after each zoom or pan.
  useEffect(() => {
    if (!onViewChange || drawnWidth <= 0) return;
    const toFrame = (screen: number, shift: number) => (screen - shift) / scale / pixelsPerUnit;
    onViewChange(
      visibleBounds(toFrame(0, translateX), toFrame(0, translateY), toFrame(drawnWidth, translateX), toFrame(drawnHeight, translateY), scale),
    );
  }, [onViewChange, scale, translateX, translateY, drawnWidth, drawnHeight, pixelsPerUnit]);

  // Each pin's place in the frame's units, from the projection (the frame never changes).
  const projected = useMemo(() => {
    return pins.flatMap((pin) => {
      const point = projection([pin.longitude, pin.latitude]);
      return point ? [{ pin, x: point[0], y: point[1] }] : [];
    });
  }, [pins]);

  // On the zoomed map before panning, in CSS pixels: what the clusters are measured in.
  const groups: PointGroup<Placed>[] = useMemo(() => {
    const placed = projected.map((p) => ({ item: p, x: p.x * pixelsPerUnit * scale, y: p.y * pixelsPerUnit * scale }));
    if (!zoomable) return placed.map((p) => ({ items: [p.item], x: p.x, y: p.y }));
    // Numbered marks are wider than pins: those that would overlap one another share one too.
    return separateNumbered(clusterPoints(placed, clusterDistance, drawnWidth * scale), (group) => !isLonePin(group), clusterRadius * 2, drawnWidth * scale);
  }, [projected, pixelsPerUnit, scale, zoomable, drawnWidth]);

  const onScreen = (x: number, y: number) => ({ x: x + translateX, y: y + translateY });

  /** Pans (keeping the zoom) so that a point of the zoomed map is in the middle, when it is off screen. */
  const bringIntoView = (x: number, y: number) => {
    const at = onScreen(x, y);
    if (at.x >= 0 && at.x <= drawnWidth && at.y >= 0 && at.y <= drawnHeight) return;
    zoom.setTransformMatrix({ ...zoom.transformMatrix, translateX: drawnWidth / 2 - x, translateY: drawnHeight / 2 - y });
  };

  // A travel chosen elsewhere (the list) is shown on the map.
  // Only when the selection changes, not on every pan: the event reads the current groups and pan.
  const showSelected = useEffectEvent((id: string | null | undefined) => {
    const selectedGroup = groups.find((g) => g.items.some((p) => p.pin.id === id));
    if (selectedGroup) bringIntoView(selectedGroup.x, selectedGroup.y);
  });
  useEffect(() => showSelected(selectedId), [selectedId]);

  /** Zooms in on a cluster far enough for its pins to come apart, with it in the middle. */
  const openCluster = (group: PointGroup<Placed>) => {
    const base = group.items.map((p) => ({ x: p.x * pixelsPerUnit, y: p.y * pixelsPerUnit }));
    let closest = Infinity;
    for (const [i, a] of base.entries()) for (const b of base.slice(i + 1)) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
    if (scale >= maxZoom || closest === 0) {
      // As close as the map goes, or the same place twice: open the first.
      const first = group.items[0];
      if (first) onSelect?.(first.pin.id);
      return;
    }
    const next = clamp(Math.max(scale * 2, (clusterDistance * 2) / closest), 1, maxZoom);
    const centre = { x: group.x / scale, y: group.y / scale };
    zoom.setTransformMatrix({ ...zoom.transformMatrix, scaleX: next, scaleY: next, translateX: drawnWidth / 2 - centre.x * next, translateY: drawnHeight / 2 - centre.y * next });
  };

  // The marks are drawn once per set of groups: they call the latest handlers through stable functions.
  const handlers = useRef({ bringIntoView, openCluster, onSelect });
  useLayoutEffect(() => {
    handlers.current = { bringIntoView, openCluster, onSelect };
  });
  const selectPin = useCallback((id: string) => handlers.current.onSelect?.(id), []);
  const focusGroup = useCallback((group: PointGroup<Placed>) => handlers.current.bringIntoView(group.x, group.y), []);
  const openGroup = useCallback((group: PointGroup<Placed>) => handlers.current.openCluster(group), []);

  // The hovered (or focused) pin's tooltip wins over the selected one's.
  const tooltipPin = pins.find((p) => p.id === hovered) ?? pins.find((p) => p.id === selectedId);
  const tipGroup = groups.find((g) => g.items.length === 1 && g.items[0]?.pin.id === tooltipPin?.id);
  const zoomedIn = scale > 1.001;

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a <fieldset>; the group names the map and holds its marks */}
      <svg
        ref={svgRef}
        role="group"
        aria-label={label}
        className={`block aspect-[960/440] h-auto w-full select-none ${zoomable && zoomedIn ? 'cursor-grab active:cursor-grabbing' : ''}`}
        // Zoomed in, every gesture on the map moves it; at full size a vertical swipe still scrolls the page.
        style={zoomable ? { touchAction: zoomedIn ? 'none' : 'pan-y' } : undefined}
      >
        <rect width="100%" height="100%" fill="#e6f2f1" />
        <g transform={zoom.toString()}>
          <g transform={`scale(${pixelsPerUnit})`}>
            {world && <path d={world} fill="#cfe3e0" stroke="#ffffff" strokeWidth={0.5} vectorEffect="non-scaling-stroke" />}
          </g>
        </g>
        {/* The marks sit on the zoomed map and move with it as one, so a pan or a hover redraws no mark but the ones that changed. */}
        <g transform={`translate(${translateX}, ${translateY})`}>
          <MarkLayer
            groups={groups}
            selectedId={selectedId}
            hovered={hovered}
            onSelect={onSelect ? selectPin : undefined}
            onHover={setHovered}
            onFocusGroup={focusGroup}
            onOpenCluster={openGroup}
          />
        </g>
        {/* Drawn after every pin so no pin covers it. */}
        {tipGroup && tooltipPin && (
          <Tooltip text={tooltipPin.tooltip ?? tooltipPin.label} {...onScreen(tipGroup.x, tipGroup.y)} frameWidth={drawnWidth} />
        )}
      </svg>
      {zoomable && (
        <>
          <div className="absolute top-2 right-2 flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-surface shadow-sm">
            <MapButton label="Zoom in" icon="plus" disabled={scale >= maxZoom} onClick={() => zoom.scale({ scaleX: zoomStep })} />
            <MapButton label="Zoom out" icon="minus" disabled={!zoomedIn} onClick={() => zoom.scale({ scaleX: 1 / zoomStep })} />
            <MapButton label="Show the whole map" icon="globe" disabled={!zoomedIn} onClick={() => zoom.reset()} />
          </div>
          <p className="px-3 py-1.5 text-xs text-muted">Zoom with the buttons, a pinch, or Ctrl (⌘) and the wheel; drag to move around. A number marks several travels: choose it to zoom in.</p>
        </>
      )}
    </>
  );
}

/** Every mark of the map: a pin per lone travel, a numbered mark per cluster, at its place on the zoomed map. */
const MarkLayer = memo(function MarkLayer({
  groups,
  selectedId,
  hovered,
  onSelect,
  onHover,
  onFocusGroup,
  onOpenCluster,
}: {
  groups: PointGroup<Placed>[];
  selectedId: string | null | undefined;
  hovered: string | null;
  onSelect: ((id: string) => void) | undefined;
  onHover: (id: string | null) => void;
  onFocusGroup: (group: PointGroup<Placed>) => void;
  onOpenCluster: (group: PointGroup<Placed>) => void;
}) {
  return groups.map((group) => {
    const [only] = group.items;
    if (only && isLonePin(group)) {
      return (
        <PinMark
          key={only.pin.id}
          group={group}
          selected={only.pin.id === selectedId}
          hovered={only.pin.id === hovered}
          onSelect={onSelect}
          onHover={onHover}
          onFocusGroup={onFocusGroup}
        />
      );
    }
    return (
      <ClusterMark
        key={group.items.map((p) => p.pin.id).join(' ')}
        group={group}
        holdsSelected={group.items.some((p) => p.pin.id === selectedId)}
        onFocusGroup={onFocusGroup}
        onOpenCluster={onOpenCluster}
      />
    );
  });
});

const ClusterMark = memo(function ClusterMark({
  group,
  holdsSelected,
  onFocusGroup,
  onOpenCluster,
}: {
  group: PointGroup<Placed>;
  holdsSelected: boolean;
  onFocusGroup: (group: PointGroup<Placed>) => void;
  onOpenCluster: (group: PointGroup<Placed>) => void;
}) {
  const names = group.items.map((p) => p.pin.label).join('; ');
  const travelsHere = group.items.reduce((sum, p) => sum + (p.pin.count ?? 1), 0);
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG mark cannot be a <button>; role, tabindex and the keys make it one
    <g
      transform={`translate(${group.x}, ${group.y})`}
      role="button"
      tabIndex={0}
      aria-label={`${travelsHere} travels here: ${names}. Zoom in to them`}
      className="group cursor-pointer outline-none"
      onFocus={() => onFocusGroup(group)}
      onClick={() => onOpenCluster(group)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpenCluster(group);
        }
      }}
    >
      {/* An invisible circle of a finger's size (44 px): the part that takes taps. */}
      <circle r={hitRadius} fill="transparent" />
      <circle r={clusterRadius + 4} fill="none" stroke="#17202a" strokeWidth={2} className="opacity-0 group-focus-visible:opacity-100" />
      <circle r={clusterRadius} fill={holdsSelected ? '#c4772a' : '#177067'} stroke="#ffffff" strokeWidth={2} />
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <text> is not focusable (Biome counts every SVG element as focusable) */}
      <text textAnchor="middle" dominantBaseline="central" fill="#ffffff" fontSize={travelsHere > 99 ? 10 : 12} fontWeight={600} aria-hidden="true">
        {travelsHere > 999 ? `${Math.floor(travelsHere / 1000)}k` : travelsHere}
      </text>
      <title>{names}</title>
    </g>
  );
});

const PinMark = memo(function PinMark({
  group,
  selected,
  hovered,
  onSelect,
  onHover,
  onFocusGroup,
}: {
  /** A group of one pin. */
  group: PointGroup<Placed>;
  selected: boolean;
  hovered: boolean;
  onSelect: ((id: string) => void) | undefined;
  onHover: (id: string | null) => void;
  onFocusGroup: (group: PointGroup<Placed>) => void;
}) {
  const active = selected || hovered;
  const pin = group.items[0]!.pin;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole lint/a11y/noStaticElementInteractions: the role is `button` (with aria-pressed) whenever the mark can be chosen, `img` otherwise
    <g
      transform={`translate(${group.x}, ${group.y})`}
      role={onSelect ? 'button' : 'img'}
      tabIndex={onSelect ? 0 : undefined}
      aria-label={pin.label}
      aria-pressed={onSelect ? selected : undefined}
      className="group cursor-pointer outline-none"
      onMouseEnter={() => onHover(pin.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => {
        onHover(pin.id);
        onFocusGroup(group);
      }}
      onBlur={() => onHover(null)}
      onClick={() => onSelect?.(pin.id)}
      onKeyDown={(e) => {
        if (onSelect && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onSelect(pin.id);
        }
      }}
    >
      {/* An invisible, larger circle: the part that takes clicks and taps. */}
      <circle r={hitRadius} fill="transparent" />
      {/* The keyboard focus ring, shown only for :focus-visible. */}
      <circle r={activePinRadius + 4} fill="none" stroke="#17202a" strokeWidth={2} className="opacity-0 group-focus-visible:opacity-100" />
      <circle r={active ? activePinRadius : pinRadius} fill={active ? '#c4772a' : '#177067'} stroke="#ffffff" strokeWidth={2} />
      <title>{pin.label}</title>
    </g>
  );
});

function MapButton({ label, icon, disabled, onClick }: { label: string; icon: 'plus' | 'minus' | 'globe'; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center text-ink hover:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:text-slate-300 disabled:hover:bg-transparent [&+&]:border-t [&+&]:border-slate-200"
    >
      <Icon name={icon} className="size-5" />
    </button>
  );
}

/** A label above the pin (below it near the top edge), kept inside the map's frame. */
function Tooltip({ text, x, y, frameWidth: width }: { text: string; x: number; y: number; frameWidth: number }) {
  // Measuring text needs layout (absent in tests); 0.6 em per character is close for this font size.
  const boxWidth = text.length * 0.6 * tooltipFont + 16;
  const boxHeight = tooltipFont + 11;
  const gap = activePinRadius + 6;
  const below = y - gap - boxHeight < 0;
  const top = below ? y + gap : y - gap - boxHeight;
  const left = Math.min(Math.max(x - boxWidth / 2, 2), width - boxWidth - 2);
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <g> without tabindex is not focusable (Biome counts every SVG element as focusable)
    <g pointerEvents="none" aria-hidden="true">
      <rect x={left} y={top} width={boxWidth} height={boxHeight} rx={6} fill="#17202a" />
      <text x={left + boxWidth / 2} y={top + boxHeight / 2} dominantBaseline="central" textAnchor="middle" fill="#ffffff" fontSize={tooltipFont}>
        {text}
      </text>
    </g>
  );
}
