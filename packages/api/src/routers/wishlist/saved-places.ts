import { ValidationError } from '../../errors';

/** One place from a Google Maps export, as a wishlist item takes it. */
export interface SavedPlace {
  title: string;
  location: string | null;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
}

const clip = (s: string | null | undefined, max: number) => {
  const t = s?.trim();
  return t ? (t.length > max ? `${t.slice(0, max - 1)}…` : t) : null;
};
const inRange = (lat: number, lng: number) =>
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180 &&
  (lat !== 0 || lng !== 0);

/** Coordinates in a Google Maps link: `?q=48.85,2.29`, `/search/48.85,2.29`, `@48.85,2.29,17z` or `!3d48.85!4d2.29`. */
function coordinatesOfUrl(url: string | undefined): [number, number] | null {
  if (!url) return null;
  const data = /!3d(-?\d+(?:\.\d+)?)!4d(-?\d+(?:\.\d+)?)/.exec(url);
  const plain = /(?:[?&]q=|\/search\/|\/place\/|@)(-?\d{1,2}(?:\.\d+)?),\s*\+?(-?\d{1,3}(?:\.\d+)?)/.exec(
    decodeURIComponent(url),
  );
  const match = data ?? plain;
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return inRange(lat, lng) ? [lat, lng] : null;
}

/** Google Takeout's "Saved Places.json" (GeoJSON): one Feature per starred place. */
function fromGeoJson(data: unknown): SavedPlace[] {
  const features = (data as { features?: unknown }).features;
  if (!Array.isArray(features)) throw new ValidationError('file', 'This JSON file is not a GeoJSON FeatureCollection');
  const places: SavedPlace[] = [];
  for (const feature of features as { geometry?: { coordinates?: unknown }; properties?: Record<string, unknown> }[]) {
    const props = feature?.properties ?? {};
    const location = (props['location'] ?? props['Location'] ?? {}) as Record<string, unknown>;
    const coords = Array.isArray(feature?.geometry?.coordinates) ? (feature.geometry.coordinates as number[]) : [];
    let lat = Number(coords[1]);
    let lng = Number(coords[0]);
    if (!inRange(lat, lng)) {
      const fromUrl = coordinatesOfUrl(String(props['google_maps_url'] ?? ''));
      [lat, lng] = fromUrl ?? [Number.NaN, Number.NaN];
    }
    const name = (location['name'] ?? location['Business Name'] ?? props['Title'] ?? props['name']) as
      | string
      | undefined;
    const address = (location['address'] ?? location['Address']) as string | undefined;
    const title = clip(name ?? address, 200);
    if (!title) continue;
    places.push({
      title,
      location: clip(address, 200),
      description: clip((props['Comment'] ?? props['comment'] ?? null) as string | null, 2000),
      latitude: inRange(lat, lng) ? lat : null,
      longitude: inRange(lat, lng) ? lng : null,
    });
  }
  return places;
}

/** RFC 4180 rows: quoted fields, doubled quotes, commas and line breaks inside quotes. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim()));
}

/** A Takeout saved list ("Saved/<list>.csv": Title, Note, URL, Tags, Comment). */
function fromCsv(text: string): SavedPlace[] {
  const [header, ...rows] = csvRows(text);
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  if (at('title') < 0)
    throw new ValidationError('file', 'This CSV file has no Title column (a Google Maps saved list has one)');
  return rows.flatMap((r) => {
    const title = clip(r[at('title')], 200);
    if (!title) return [];
    const coords = coordinatesOfUrl(r[at('url')]);
    const note = [r[at('note')], r[at('comment')]]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join('\n');
    return [
      {
        title,
        location: null,
        description: clip(note, 2000),
        latitude: coords?.[0] ?? null,
        longitude: coords?.[1] ?? null,
      },
    ];
  });
}

/** The places in a Google Maps export: Takeout's GeoJSON (Saved Places.json) or a saved list's CSV. */
export function readSavedPlaces(text: string): SavedPlace[] {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body.startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      throw new ValidationError('file', 'This JSON file could not be read');
    }
    return fromGeoJson(data);
  }
  return fromCsv(body);
}
