import { memo } from 'react';
import { Icon } from './icon';
import type { PointGroup } from './map-clusters';
import { activePinRadius, clusterRadius, hitRadius, pinRadius, tooltipFont, type MapPin } from './world-map-geometry';

/** A pin placed in the frame's units. */
export type Placed = { pin: MapPin; x: number; y: number };

/** A group drawn as a pin: one travel, not a cluster the server counted. */
export const isLonePin = (group: PointGroup<Placed>) => group.items.length === 1 && (group.items[0]?.pin.count ?? 1) === 1;

/** Every mark of the map: a pin per lone travel, a numbered mark per cluster, at its place on the zoomed map. */
export const MarkLayer = memo(function MarkLayer({
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

export function MapButton({ label, icon, disabled, onClick }: { label: string; icon: 'plus' | 'minus' | 'globe'; disabled: boolean; onClick: () => void }) {
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
export function Tooltip({ text, x, y, frameWidth: width }: { text: string; x: number; y: number; frameWidth: number }) {
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