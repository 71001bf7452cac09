import { geoNaturalEarth1, geoPath } from '@visx/vendor/d3-geo';
import type { Feature, Geometry } from 'geojson';
import { useLayoutEffect, useRef, useState } from 'react';
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
export const frameWidth = 960;
export const frameHeight = 440;
const projectionScale = 175;
const projectionTranslate: [number, number] = [frameWidth / 2, 250];
/** The projection the outline is drawn and the pins are placed with. */
export const projection = geoNaturalEarth1().scale(projectionScale).translate(projectionTranslate);

// Sizes in CSS pixels whatever the map's size and zoom, so a pin on a phone is still a 44 px
// touch target and its tooltip stays readable.
export const pinRadius = 6;
export const activePinRadius = 8;
export const hitRadius = 22;
export const clusterRadius = 14;
export const tooltipFont = 13;
/** Pins whose centres are closer than this share one numbered mark (their drawn pins would touch). */
export const clusterDistance = 12;
export const maxZoom = 10;
export const zoomStep = 1.6;

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
export function loadWorld(): Promise<string> {
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
export function useDrawnWidth() {
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

export const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The degrees the visible part of the frame covers (frame units, before the zoom): points along
 * its edges projected back, so the curved meridians of the projection are inside the bounds.
 * A point off the globe counts as the world's edge on that side.
 */
export function visibleBounds(left: number, top: number, right: number, bottom: number, scale: number): MapView {
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

