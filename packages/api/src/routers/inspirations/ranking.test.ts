import { describe, expect, it } from 'vitest';
import { noHistoryReason, rankInspirations, type PastTravel, type RankableInspiration } from './ranking';

const idea = (id: string, destination: string, category: string, type = 'friends'): RankableInspiration => ({
  id,
  title: `Idea ${id}`,
  destination,
  description: 'Somewhere nice.',
  category,
  type,
});

const catalogue = [
  idea('maldives', 'Maldives', 'beach'),
  idea('kyoto', 'Kyoto, Japan', 'cultural', 'anniversary'),
  idea('fes', 'Fes, Morocco', 'cultural', 'family'),
  idea('patagonia', 'Torres del Paine, Chile', 'adventure'),
  idea('zermatt', 'Zermatt, Switzerland', 'wellness', 'honeymoon'),
];

const travel = (title: string, location: string, startDate: string, extra: Partial<PastTravel> = {}): PastTravel => ({
  title,
  location,
  startDate,
  description: null,
  highlights: [],
  tags: [],
  ...extra,
});

const history = [
  travel('Marrakech Medina Discovery', 'Marrakech, Morocco', '2025-01-10', {
    tags: ['Family'],
    description: 'Souks and riads.',
  }),
  travel('Iceland Ring Road', 'Reykjavík, Iceland', '2024-06-01', {
    tags: ['Adventure'],
    highlights: ['Glacier hike'],
  }),
  travel('Swiss Alps by Rail', 'Zermatt, Switzerland', '2023-02-01', { tags: ['Romantic'] }),
];

describe('rankInspirations', () => {
  it('puts places the traveller has been first and explains each card in one sentence', () => {
    const ranked = rankInspirations(catalogue, history);
    // Fes: same country as Marrakech (4), cultural like its souks (2), a family trip (1). Zermatt: the
    // same town (6), romantic (1); equal scores keep the catalogue's order.
    expect(ranked.map((r) => r.inspirationId)).toEqual(['fes', 'zermatt', 'kyoto', 'patagonia', 'maldives']);
    expect(ranked[0]).toEqual({
      inspirationId: 'fes',
      score: 7,
      reason: 'Because you loved Marrakech Medina Discovery, nearby in Marrakech, Morocco.',
    });
    expect(ranked[1]).toEqual({
      inspirationId: 'zermatt',
      score: 7,
      reason: 'Because you loved Swiss Alps by Rail in Zermatt, Switzerland.',
    });
    expect(ranked[2]?.reason).toBe('Because you loved the culture of Marrakech Medina Discovery.');
    expect(ranked[3]?.reason).toBe('Because you loved the adventure of Iceland Ring Road.');
    expect(ranked.at(-1)).toEqual({ inspirationId: 'maldives', score: 0, reason: noHistoryReason });
  });

  it('is deterministic: the same history in any order gives the same ranking and reasons', () => {
    const once = rankInspirations(catalogue, history);
    expect(rankInspirations(catalogue, [...history].reverse())).toEqual(once);
    expect(rankInspirations(catalogue, [history[1]!, history[2]!, history[0]!])).toEqual(once);
    expect(rankInspirations(catalogue, history)).toEqual(once);
  });

  it('keeps the catalogue order with no history, and lets an interest profile lift an idea', () => {
    expect(rankInspirations(catalogue, []).map((r) => r.inspirationId)).toEqual(catalogue.map((i) => i.id));
    const ranked = rankInspirations(catalogue, [], [{ category: 'beach', name: 'Snorkelling', priority: 5 }]);
    expect(ranked[0]).toEqual({
      inspirationId: 'maldives',
      score: 5,
      reason: 'Because you love Snorkelling, one of your interests.',
    });
  });
});
