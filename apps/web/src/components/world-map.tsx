import { Zoom, type ProvidedZoom, type TransformMatrix, type ZoomState } from '@visx/zoom';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { clusterPoints, separateNumbered, type PointGroup } from './map-clusters';
import { MapButton, MarkLayer, Tooltip, isLonePin, type Placed } from './world-map-marks';
import {
  clamp,
  clusterDistance,
  clusterRadius,
  frameHeight,
  frameWidth,
  loadWorld,
  maxZoom,
  projection,
  useDrawnWidth,
  visibleBounds,
  zoomStep,
  type MapPin,
  type MapView,
} from './world-map-geometry';

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
  busy = false,
  zoomable = false,
  className = '',
}: {
  pins: MapPin[];
  label: string;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** Told what the map shows after every zoom and pan (the caller may ask for that part's pins). */
  onViewChange?: (view: MapView) => void;
  /** The caller is still fetching the pins of the part in view (told to assistive technology). */
  busy?: boolean;
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
    <figure
      ref={boxRef}
      className={`relative overflow-hidden rounded-xl border border-gray-200 bg-brand-50 ${className}`}
    >
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
            busy={busy}
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

function MapCanvas({
  zoom,
  zoomable,
  world,
  pins,
  label,
  selectedId,
  onSelect,
  onViewChange,
  busy,
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
  busy: boolean;
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
      visibleBounds(
        toFrame(0, translateX),
        toFrame(0, translateY),
        toFrame(drawnWidth, translateX),
        toFrame(drawnHeight, translateY),
        scale,
      ),
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
    return separateNumbered(
      clusterPoints(placed, clusterDistance, drawnWidth * scale),
      (group) => !isLonePin(group),
      clusterRadius * 2,
      drawnWidth * scale,
    );
  }, [projected, pixelsPerUnit, scale, zoomable, drawnWidth]);

  const onScreen = (x: number, y: number) => ({ x: x + translateX, y: y + translateY });

  /** Pans (keeping the zoom) so that a point of the zoomed map is in the middle, when it is off screen. */
  const bringIntoView = (x: number, y: number) => {
    const at = onScreen(x, y);
    if (at.x >= 0 && at.x <= drawnWidth && at.y >= 0 && at.y <= drawnHeight) return;
    zoom.setTransformMatrix({
      ...zoom.transformMatrix,
      translateX: drawnWidth / 2 - x,
      translateY: drawnHeight / 2 - y,
    });
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
    for (const [i, a] of base.entries())
      for (const b of base.slice(i + 1)) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
    if (scale >= maxZoom || closest === 0) {
      // As close as the map goes, or the same place twice: open the first.
      const first = group.items[0];
      if (first) onSelect?.(first.pin.id);
      return;
    }
    const next = clamp(Math.max(scale * 2, (clusterDistance * 2) / closest), 1, maxZoom);
    const centre = { x: group.x / scale, y: group.y / scale };
    zoom.setTransformMatrix({
      ...zoom.transformMatrix,
      scaleX: next,
      scaleY: next,
      translateX: drawnWidth / 2 - centre.x * next,
      translateY: drawnHeight / 2 - centre.y * next,
    });
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
        aria-busy={busy}
        className={`block aspect-[960/440] h-auto w-full select-none ${zoomable && zoomedIn ? 'cursor-grab active:cursor-grabbing' : ''}`}
        // Zoomed in, every gesture on the map moves it; at full size a vertical swipe still scrolls the page.
        style={zoomable ? { touchAction: zoomedIn ? 'none' : 'pan-y' } : undefined}
      >
        <rect width="100%" height="100%" fill="#e6f2f1" />
        <g transform={zoom.toString()}>
          <g transform={`scale(${pixelsPerUnit})`}>
            {world && (
              <path d={world} fill="#cfe3e0" stroke="#ffffff" strokeWidth={0.5} vectorEffect="non-scaling-stroke" />
            )}
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
          <Tooltip
            text={tooltipPin.tooltip ?? tooltipPin.label}
            {...onScreen(tipGroup.x, tipGroup.y)}
            frameWidth={drawnWidth}
          />
        )}
      </svg>
      {zoomable && (
        <>
          <div className="absolute top-2 right-2 flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-surface shadow-sm">
            <MapButton
              label="Zoom in"
              icon="plus"
              disabled={scale >= maxZoom}
              onClick={() => zoom.scale({ scaleX: zoomStep })}
            />
            <MapButton
              label="Zoom out"
              icon="minus"
              disabled={!zoomedIn}
              onClick={() => zoom.scale({ scaleX: 1 / zoomStep })}
            />
            <MapButton label="Show the whole map" icon="globe" disabled={!zoomedIn} onClick={() => zoom.reset()} />
          </div>
          {/* Three short tips rather than one paragraph: small print that never outweighs the screen's own heading and lede. */}
          <ul className="flex flex-wrap gap-x-4 gap-y-0.5 px-3 py-1.5 text-xs text-muted">
            <li>Zoom with the buttons, a pinch, or Ctrl (⌘) and the wheel.</li>
            <li>Drag to move around.</li>
            <li>A number marks several travels: choose it to zoom in.</li>
          </ul>
        </>
      )}
    </>
  );
}
