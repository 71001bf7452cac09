import Supercluster from 'supercluster';

/** A point drawn on the map, in CSS pixels of the zoomed map (before it is panned). */
export type PlacedPoint<T> = { item: T; x: number; y: number };

/** What the map draws: one item, or a cluster of several (at their mean position). */
export type PointGroup<T> = { items: T[]; x: number; y: number };

// Supercluster clusters in its own Web Mercator plane, `extent` pixels wide at zoom 0. Each
// point is handed to it as the longitude and latitude whose Mercator position is the point's
// place on our map (a world `worldWidth` pixels wide), so its pixel radius is our pixel radius
// whatever projection the map uses.
const longitudeAt = (u: number) => u * 360 - 180;
const latitudeAt = (v: number) => (360 * Math.atan(Math.exp(((180 - v * 360) * Math.PI) / 180))) / Math.PI - 90;

/**
 * Groups points whose centres are closer than `radius` pixels on a map `worldWidth` pixels
 * wide, so that no two marks overlap. Groups come in the order of their first item.
 */
export function clusterPoints<T>(points: PlacedPoint<T>[], radius: number, worldWidth: number): PointGroup<T>[] {
  const single = (point: PlacedPoint<T>) => ({ items: [point.item], x: point.x, y: point.y });
  if (points.length < 2 || worldWidth <= 0) return points.map(single);
  const index = new Supercluster<{ i: number }>({ radius, extent: worldWidth, minZoom: 0, maxZoom: 0 });
  index.load(
    points.map((point, i) => ({
      type: 'Feature' as const,
      properties: { i },
      geometry: {
        type: 'Point' as const,
        coordinates: [longitudeAt(point.x / worldWidth), latitudeAt(point.y / worldWidth)],
      },
    })),
  );
  const groups = index.getClusters([-180, -90, 180, 90], 0).map((feature) => {
    const properties = feature.properties;
    const members = (
      'cluster' in properties && properties.cluster ? index.getLeaves(properties.cluster_id, Infinity) : [feature]
    ).map((leaf) => (leaf.properties as { i: number }).i);
    members.sort((a, b) => a - b);
    const chosen = members.map((i) => points[i]).filter((p): p is PlacedPoint<T> => p !== undefined);
    return {
      first: members[0] ?? 0,
      group: {
        items: chosen.map((p) => p.item),
        x: chosen.reduce((sum, p) => sum + p.x, 0) / chosen.length,
        y: chosen.reduce((sum, p) => sum + p.y, 0) / chosen.length,
      },
    };
  });
  return groups.sort((a, b) => a.first - b.first).map((g) => g.group);
}

/**
 * Merges the groups that `numbered` picks (drawn as wider, numbered marks) whose centres are
 * closer than `radius` pixels, so no two of them overlap however many there are; the other
 * groups stay as they are. Groups keep the order of their first item.
 */
export function separateNumbered<T>(
  groups: PointGroup<T>[],
  numbered: (group: PointGroup<T>) => boolean,
  radius: number,
  worldWidth: number,
): PointGroup<T>[] {
  const kept = groups.flatMap((group, first) => (numbered(group) ? [] : [{ first, group }]));
  let wide = groups.flatMap((group, first) => (numbered(group) ? [{ first, group }] : []));
  // A merged mark sits at its members' mean, which may bring it near another: merge again until none are near.
  for (let pass = 0; pass < 10 && wide.length > 1; pass++) {
    const merged = clusterPoints(
      wide.map((entry) => ({ item: entry, x: entry.group.x, y: entry.group.y })),
      radius,
      worldWidth,
    ).map(({ items, x, y }) => ({
      first: Math.min(...items.map((entry) => entry.first)),
      group: { items: items.flatMap((entry) => entry.group.items), x, y },
    }));
    if (merged.length === wide.length) break;
    wide = merged;
  }
  return [...kept, ...wide].sort((a, b) => a.first - b.first).map((entry) => entry.group);
}
