import { describe, expect, it } from 'vitest';
import { clusterPoints, separateNumbered } from './map-clusters';

const at = (item: string, x: number, y: number) => ({ item, x, y });

describe('clusterPoints', () => {
  it('groups points closer than the radius and leaves the others alone, in their order', () => {
    const groups = clusterPoints(
      [at('bali', 700, 300), at('rome', 400, 120), at('zermatt', 395, 112), at('reykjavik', 300, 40)],
      12,
      960,
    );
    expect(groups.map((g) => g.items)).toEqual([['bali'], ['rome', 'zermatt'], ['reykjavik']]);
    expect(groups[1]).toMatchObject({ x: 397.5, y: 116 });
  });

  it('measures in pixels of the map as drawn: points that merge when small separate when zoomed', () => {
    const small = clusterPoints([at('rome', 100, 60), at('zermatt', 97, 56)], 12, 330);
    expect(small).toHaveLength(1);
    // The same places on a map four times as wide (four times as far apart).
    const zoomed = clusterPoints([at('rome', 400, 240), at('zermatt', 388, 224)], 12, 1320);
    expect(zoomed.map((g) => g.items)).toEqual([['rome'], ['zermatt']]);
  });

  it('keeps points at the same place together however far one zooms', () => {
    expect(clusterPoints([at('a', 5000, 3000), at('b', 5000, 3000)], 12, 7680)).toEqual([
      { items: ['a', 'b'], x: 5000, y: 3000 },
    ]);
  });

  it('returns a lone point as it is', () => {
    expect(clusterPoints([at('only', 10, 20)], 12, 960)).toEqual([{ items: ['only'], x: 10, y: 20 }]);
  });
});

describe('separateNumbered', () => {
  const group = (items: string[], x: number, y: number) => ({ items, x, y });
  const numbered = (g: { items: string[] }) => g.items.length > 1;

  it('merges numbered marks closer than the radius and leaves lone pins where they are, in their order', () => {
    const groups = [
      group(['a', 'b'], 100, 100),
      group(['lone'], 110, 100),
      group(['c', 'd'], 120, 100),
      group(['e', 'f'], 300, 100),
    ];
    const separated = separateNumbered(groups, numbered, 28, 960);
    expect(separated.map((g) => g.items)).toEqual([['a', 'b', 'c', 'd'], ['lone'], ['e', 'f']]);
    expect(separated[0]).toMatchObject({ x: 110, y: 100 });
  });

  it('keeps a crowded map to marks that do not overlap: no two numbered marks closer than the radius', () => {
    // 2,000 clusters on a 28 × 10 degree grid over a 960 px wide map, like a journal of thousands of entries.
    const crowded = Array.from({ length: 2000 }, (_, i) =>
      group([`${i}a`, `${i}b`], (i % 80) * 12 + 6, Math.floor(i / 80) * 12 + 6),
    );
    const separated = separateNumbered(crowded, numbered, 28, 960);
    expect(separated.length).toBeLessThan(400);
    expect(separated.flatMap((g) => g.items)).toHaveLength(4000);
    for (const [i, a] of separated.entries())
      for (const b of separated.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(28);
  });
});
