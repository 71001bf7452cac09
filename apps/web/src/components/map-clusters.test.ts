import { describe, expect, it } from 'vitest';
import { clusterPoints } from './map-clusters';

const at = (item: string, x: number, y: number) => ({ item, x, y });

describe('clusterPoints', () => {
  it('groups points closer than the radius and leaves the others alone, in their order', () => {
    const groups = clusterPoints([at('bali', 700, 300), at('rome', 400, 120), at('zermatt', 395, 112), at('reykjavik', 300, 40)], 12, 960);
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
    expect(clusterPoints([at('a', 5000, 3000), at('b', 5000, 3000)], 12, 7680)).toEqual([{ items: ['a', 'b'], x: 5000, y: 3000 }]);
  });

  it('returns a lone point as it is', () => {
    expect(clusterPoints([at('only', 10, 20)], 12, 960)).toEqual([{ items: ['only'], x: 10, y: 20 }]);
  });
});
