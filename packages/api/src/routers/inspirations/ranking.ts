/**
 * Ranks the catalogue for one traveller: pure and deterministic, so the same history (in any
 * order) and interest profile always give the same order and the same sentence on each card.
 */

export interface RankableInspiration {
  id: string;
  title: string;
  destination: string;
  description: string;
  category: string;
  /** The occasion (honeymoon, family, …). */
  type: string;
}

export interface PastTravel {
  title: string;
  location: string;
  startDate: string;
  description: string | null;
  highlights: string[];
  tags: string[];
}

/** One entry of a traveller's interest profile (priority 1 = mild … 5 = passion). */
export interface InterestEntry {
  category: string;
  name: string;
  priority: number;
}

export interface Recommendation {
  inspirationId: string;
  score: number;
  /** One sentence for the card ("Because you loved …"). */
  reason: string;
}

export const noHistoryReason = 'A favourite of our travellers to start your story.';

const weights = { sameCity: 6, sameCountry: 4, category: 2, occasion: 1 } as const;

// Words in a travel's story that tell which kind of trip it was.
const categoryWords: Record<string, RegExp> = {
  beach: /\b(beach(es)?|island|coast|lagoon|caldera|catamaran|snorkel\w*|sea)\b/i,
  cultural:
    /\b(museums?|medina|souks?|temples?|ruins|colosseum|vatican|broadway|riads?|cathedral|history|historic|culture|cultural|ancient)\b/i,
  adventure: /\b(hik\w*|trek\w*|glaciers?|expedition|desert|camel|adventure|waterfalls?)\b/i,
  wellness: /\b(yoga|spa|massage|retreat|baths|thermal|hot springs|wellness|rest)\b/i,
};
const tagCategories: Record<string, string> = { adventure: 'adventure' };
const tagOccasions: Record<string, string[]> = { family: ['family'], romantic: ['honeymoon', 'anniversary'] };
const categoryNouns: Record<string, string> = {
  beach: 'beaches',
  cultural: 'culture',
  adventure: 'adventure',
  wellness: 'calm',
};

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
const placeParts = (place: string) => place.split(',').map(norm).filter(Boolean);

function categoriesOf(travel: PastTravel): Set<string> {
  const found = new Set<string>();
  for (const tag of travel.tags) {
    const category = tagCategories[norm(tag)];
    if (category) found.add(category);
  }
  const story = [travel.title, travel.description ?? '', ...travel.highlights].join(' ');
  for (const [category, words] of Object.entries(categoryWords)) if (words.test(story)) found.add(category);
  return found;
}

type SignalKind = 'place' | 'category' | 'occasion' | 'interest';
interface Signal {
  kind: SignalKind;
  points: number;
  reason: string;
}

/**
 * How much of each kind counts: the best place match only (one trip to Zermatt is enough),
 * a kind of trip or an occasion for at most two trips (so a long journal of one kind does
 * not drown a place the traveller has been), and every matching interest.
 */
const kindCap: Record<SignalKind, number> = { place: 1, category: 2, occasion: 2, interest: Infinity };

function scoreOf(signals: Signal[]): number {
  let total = 0;
  for (const kind of Object.keys(kindCap) as SignalKind[]) {
    const points = signals
      .filter((s) => s.kind === kind)
      .map((s) => s.points)
      .sort((a, b) => b - a)
      .slice(0, kindCap[kind]);
    total += points.reduce((sum, p) => sum + p, 0);
  }
  return total;
}

function travelSignals(idea: RankableInspiration, travel: PastTravel, categories: Set<string>): Signal[] {
  const signals: Signal[] = [];
  const ideaPlace = placeParts(idea.destination);
  const travelPlace = placeParts(travel.location);
  const ideaCity = ideaPlace[0];
  if (ideaCity && travelPlace.includes(ideaCity)) {
    signals.push({
      kind: 'place',
      points: weights.sameCity,
      reason: `Because you loved ${travel.title} in ${travel.location}.`,
    });
  } else if (ideaPlace.some((part) => travelPlace.includes(part))) {
    signals.push({
      kind: 'place',
      points: weights.sameCountry,
      reason: `Because you loved ${travel.title}, nearby in ${travel.location}.`,
    });
  }
  if (categories.has(idea.category)) {
    signals.push({
      kind: 'category',
      points: weights.category,
      reason: `Because you loved the ${categoryNouns[idea.category] ?? idea.category} of ${travel.title}.`,
    });
  }
  const occasion = travel.tags.find((tag) => tagOccasions[norm(tag)]?.includes(norm(idea.type)));
  if (occasion) {
    signals.push({
      kind: 'occasion',
      points: weights.occasion,
      reason: `Because you loved ${travel.title}, a ${norm(occasion)} trip.`,
    });
  }
  return signals;
}

function interestSignals(idea: RankableInspiration, interests: readonly InterestEntry[]): Signal[] {
  const text = norm([idea.title, idea.destination, idea.description, idea.category, idea.type].join(' '));
  const signals: Signal[] = [];
  for (const interest of interests) {
    const name = norm(interest.name);
    const matches = norm(interest.category) === norm(idea.category) || (name.length > 0 && text.includes(name));
    if (!matches) continue;
    const priority = Math.min(5, Math.max(1, Math.round(interest.priority)));
    signals.push({
      kind: 'interest',
      points: priority,
      reason: `Because you love ${interest.name.trim()}, one of your interests.`,
    });
  }
  return signals;
}

export function rankInspirations(
  ideas: readonly RankableInspiration[],
  history: readonly PastTravel[],
  interests: readonly InterestEntry[] = [],
): Recommendation[] {
  // Newest travel first (then by title), whatever order the history came in: ties in the
  // explanation go to the most recent memory.
  const travels = [...history]
    .sort(
      (a, b) =>
        b.startDate.localeCompare(a.startDate) ||
        a.title.localeCompare(b.title) ||
        a.location.localeCompare(b.location),
    )
    .map((travel) => ({ travel, categories: categoriesOf(travel) }));
  const scored = ideas.map((idea, index) => {
    const signals = [
      ...interestSignals(idea, interests),
      ...travels.flatMap(({ travel, categories }) => travelSignals(idea, travel, categories)),
    ];
    const score = scoreOf(signals);
    // The strongest single reason explains the card; the first one wins a tie.
    const best = signals.reduce<Signal | undefined>((top, s) => (!top || s.points > top.points ? s : top), undefined);
    return { index, recommendation: { inspirationId: idea.id, score, reason: best?.reason ?? noHistoryReason } };
  });
  return scored
    .sort((a, b) => b.recommendation.score - a.recommendation.score || a.index - b.index)
    .map((s) => s.recommendation);
}

/** The trip ideas lean towards: where it goes and when. */
export interface NextTrip {
  title: string;
  destination: string;
  location: string;
  startDate: string;
}

/** Usual daytime high (°C) at the trip's place in its month; null when unknown. */
export type SeasonHigh = number | null;

// What suits the weather there: sun for beaches, mild days for walking cities and trails, cold for spas.
const seasonCategories = (high: number): Record<string, number> =>
  high >= 24 ? { beach: 3, adventure: 1 } : high >= 15 ? { cultural: 2, adventure: 2 } : { wellness: 3, cultural: 1 };
const seasonWords = (high: number) => (high >= 24 ? 'warm days' : high >= 15 ? 'mild days' : 'cool days');

/**
 * The catalogue leaning towards the traveller's next trip: ideas in the same city first, then
 * the same country, then those whose kind suits the season there (from the usual high of the
 * trip's month); ties keep the curated order. Pure: same trip and high, same order.
 */
export function rankForTrip<T extends RankableInspiration>(
  ideas: readonly T[],
  trip: NextTrip,
  high: SeasonHigh,
  monthName: string,
): { idea: T; score: number; reason: string | null }[] {
  const tripPlace = [...placeParts(trip.location), ...placeParts(trip.destination)];
  const city = placeParts(trip.location)[0] ?? placeParts(trip.destination)[0] ?? trip.destination;
  const cityName = trip.location.split(',')[0]?.trim() || trip.destination;
  const season = high === null ? {} : seasonCategories(high);
  return ideas
    .map((idea, index) => {
      const ideaPlace = placeParts(idea.destination);
      let score = 0;
      let reason: string | null = null;
      if (ideaPlace[0] === city) {
        score += weights.sameCity;
        reason = `In ${cityName}, like ${trip.title}.`;
      } else if (ideaPlace.some((part) => tripPlace.includes(part))) {
        score += weights.sameCountry;
        reason = `Near ${cityName}, for ${trip.title}.`;
      }
      const fit = season[idea.category] ?? 0;
      if (fit > 0) {
        score += fit;
        reason ??= `Suits the ${seasonWords(high!)} of ${monthName}, when you travel.`;
      }
      return { index, idea, score, reason };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ idea, score, reason }) => ({ idea, score, reason }));
}
