// A bundled gazetteer: where a typed location is, with no call to any map service.
// Matching ignores case and accents and tries each comma-separated part of the location,
// most specific first ("Oia, Santorini, Greece" → Oia, then Santorini, then Greece).

export interface Place {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

const cities: Place[] = [
  { name: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
  { name: 'Porto', country: 'Portugal', latitude: 41.1579, longitude: -8.6291 },
  { name: 'Lagos', country: 'Portugal', latitude: 37.1028, longitude: -8.6731 },
  { name: 'Barcelona', country: 'Spain', latitude: 41.3874, longitude: 2.1686 },
  { name: 'Madrid', country: 'Spain', latitude: 40.4168, longitude: -3.7038 },
  { name: 'Paris', country: 'France', latitude: 48.8566, longitude: 2.3522 },
  { name: 'London', country: 'United Kingdom', latitude: 51.5072, longitude: -0.1276 },
  { name: 'Edinburgh', country: 'United Kingdom', latitude: 55.9533, longitude: -3.1883 },
  { name: 'Rome', country: 'Italy', latitude: 41.9028, longitude: 12.4964 },
  { name: 'Amalfi', country: 'Italy', latitude: 40.634, longitude: 14.6027 },
  { name: 'Venice', country: 'Italy', latitude: 45.4408, longitude: 12.3155 },
  { name: 'Florence', country: 'Italy', latitude: 43.7696, longitude: 11.2558 },
  { name: 'Oia', country: 'Greece', latitude: 36.4618, longitude: 25.3753 },
  { name: 'Santorini', country: 'Greece', latitude: 36.3932, longitude: 25.4615 },
  { name: 'Athens', country: 'Greece', latitude: 37.9838, longitude: 23.7275 },
  { name: 'Zermatt', country: 'Switzerland', latitude: 46.0207, longitude: 7.7491 },
  { name: 'Reykjavík', country: 'Iceland', latitude: 64.1466, longitude: -21.9426 },
  { name: 'Amsterdam', country: 'Netherlands', latitude: 52.3676, longitude: 4.9041 },
  { name: 'Berlin', country: 'Germany', latitude: 52.52, longitude: 13.405 },
  { name: 'Prague', country: 'Czechia', latitude: 50.0755, longitude: 14.4378 },
  { name: 'Vienna', country: 'Austria', latitude: 48.2082, longitude: 16.3738 },
  { name: 'Istanbul', country: 'Türkiye', latitude: 41.0082, longitude: 28.9784 },
  { name: 'Marrakech', country: 'Morocco', latitude: 31.6295, longitude: -7.9811 },
  { name: 'Fes', country: 'Morocco', latitude: 34.0181, longitude: -5.0078 },
  { name: 'Cairo', country: 'Egypt', latitude: 30.0444, longitude: 31.2357 },
  { name: 'Cape Town', country: 'South Africa', latitude: -33.9249, longitude: 18.4241 },
  { name: 'Nairobi', country: 'Kenya', latitude: -1.2921, longitude: 36.8219 },
  { name: 'Dubai', country: 'United Arab Emirates', latitude: 25.2048, longitude: 55.2708 },
  { name: 'Kyoto', country: 'Japan', latitude: 35.0116, longitude: 135.7681 },
  { name: 'Tokyo', country: 'Japan', latitude: 35.6762, longitude: 139.6503 },
  { name: 'Bangkok', country: 'Thailand', latitude: 13.7563, longitude: 100.5018 },
  { name: 'Singapore', country: 'Singapore', latitude: 1.3521, longitude: 103.8198 },
  { name: 'Ubud', country: 'Indonesia', latitude: -8.5069, longitude: 115.2625 },
  { name: 'Bali', country: 'Indonesia', latitude: -8.3405, longitude: 115.092 },
  { name: 'Sydney', country: 'Australia', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Auckland', country: 'New Zealand', latitude: -36.8485, longitude: 174.7633 },
  { name: 'New York', country: 'USA', latitude: 40.7128, longitude: -74.006 },
  { name: 'San Francisco', country: 'USA', latitude: 37.7749, longitude: -122.4194 },
  { name: 'Mexico City', country: 'Mexico', latitude: 19.4326, longitude: -99.1332 },
  { name: 'Cusco', country: 'Peru', latitude: -13.532, longitude: -71.9675 },
  { name: 'Torres del Paine', country: 'Chile', latitude: -50.9423, longitude: -73.4068 },
  { name: 'Rio de Janeiro', country: 'Brazil', latitude: -22.9068, longitude: -43.1729 },
  { name: 'Buenos Aires', country: 'Argentina', latitude: -34.6037, longitude: -58.3816 },
  { name: 'Maldives', country: 'Maldives', latitude: 3.2028, longitude: 73.2207 },
  { name: 'Seychelles', country: 'Seychelles', latitude: -4.6796, longitude: 55.492 },
];

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const byName = new Map(cities.map((c) => [normalise(c.name), c]));

/** The bundled place a location names, or null when none of its parts is known. */
export function findPlace(location: string): Place | null {
  for (const part of location.split(',')) {
    const place = byName.get(normalise(part));
    if (place) return place;
  }
  return null;
}
