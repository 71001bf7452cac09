import { describe, expect, it } from 'vitest';
import { countryCodeOf, findPlace, places, timeZoneOf } from './places';

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

describe('findPlace', () => {
  // The city table's spelling is the name given back: "Zürich" and "Kraków" with accents,
  // "Sao Paulo" and "Cancun" without.
  it('ignores case and accents both ways', () => {
    expect(findPlace('reykjavik, ICELAND')).toMatchObject({ name: 'Reykjavík', latitude: 64.15, longitude: -21.95 });
    expect(findPlace('Reykjavík')?.name).toBe('Reykjavík');
    expect(findPlace('  ZURICH ')?.name).toBe('Zürich');
    expect(findPlace('krakow, Poland')?.name).toBe('Kraków');
    expect(findPlace('São Paulo')?.name).toBe('Sao Paulo');
    expect(findPlace('Cancún, Mexico')?.name).toBe('Cancun');
  });

  it('tries each comma-separated part, most specific first', () => {
    expect(findPlace('Oia, Santorini, Greece')).toMatchObject({
      name: 'Oia',
      country: 'Greece',
      latitude: 36.4618,
      longitude: 25.3753,
    });
    expect(findPlace('A cave hotel, Santorini, Greece')?.name).toBe('Santorini');
    expect(findPlace('Ubud, Bali, Indonesia')?.name).toBe('Ubud');
    expect(findPlace('Seminyak, Bali, Indonesia')?.name).toBe('Bali');
  });

  it('returns null for a place it does not know', () => {
    expect(findPlace('A village nobody knows')).toBeNull();
    expect(findPlace('Ghent, Belgium')).toBeNull();
    expect(findPlace('')).toBeNull();
  });

  it('puts famous places where they are', () => {
    const near = (name: string, latitude: number, longitude: number) => {
      const place = findPlace(name);
      expect(place, name).not.toBeNull();
      expect(Math.abs(place!.latitude - latitude), name).toBeLessThan(0.1);
      expect(Math.abs(place!.longitude - longitude), name).toBeLessThan(0.1);
    };
    near('Paris', 48.8566, 2.3522);
    near('New York', 40.7128, -74.006);
    // Tokyo's centre (the station); the table's pin is at the Imperial Palace beside it.
    near('Tokyo', 35.6812, 139.7671);
    near('Sydney', -33.8688, 151.2093);
    near('Rio de Janeiro', -22.9068, -43.1729);
    near('Machu Picchu', -13.1631, -72.545);
    near('Honolulu', 21.3069, -157.8583);
  });
});

describe('the hand-kept overlay', () => {
  it('holds only places the city table lacks under that name in that country', () => {
    expect(places.length).toBeGreaterThan(50);
    const shadowing = places.filter((p) => findPlace(`${p.name}, ${p.country}`) !== p);
    expect(shadowing).toEqual([]);
    // Among them the islands and landmarks the table has no city for.
    for (const name of ['Oia', 'Santorini', 'Machu Picchu', 'Bali', 'Easter Island'])
      expect(
        places.some((p) => p.name === name),
        name,
      ).toBe(true);
  });

  it('gives every entry a country code and a zone this runtime knows', () => {
    for (const place of places) {
      expect(place.countryCode, place.name).toMatch(/^[A-Z]{2}$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: place.timeZone }), place.name).not.toThrow();
    }
    expect(findPlace('Easter Island')?.timeZone).toBe('Pacific/Easter');
    expect(findPlace('Madeira, Portugal')?.timeZone).toBe('Atlantic/Madeira');
  });

  it('gives every entry a name, a country and valid coordinates to at most four decimals', () => {
    for (const place of places) {
      expect(place.name.trim(), JSON.stringify(place)).not.toBe('');
      expect(place.name).not.toContain(',');
      expect(place.country.trim()).not.toBe('');
      expect(place.latitude).toBeGreaterThanOrEqual(-90);
      expect(place.latitude).toBeLessThanOrEqual(90);
      expect(place.longitude).toBeGreaterThanOrEqual(-180);
      expect(place.longitude).toBeLessThanOrEqual(180);
      for (const value of [place.latitude, place.longitude]) {
        expect(Number.isFinite(value)).toBe(true);
        expect(Math.abs(value * 1e4 - Math.round(value * 1e4))).toBeLessThan(1e-6);
      }
    }
  });

  it('has unique names, even ignoring case and accents', () => {
    const names = places.map((p) => plain(p.name));
    const duplicates = names.filter((n, i) => names.indexOf(n) !== i);
    expect(duplicates).toEqual([]);
  });

  it('finds every entry by its own name', () => {
    for (const place of places) expect(findPlace(place.name)).toBe(place);
  });
});

describe('the city table', () => {
  // Capitals and large cities a traveller writes every day. Eleven of them (Riga to Bologna)
  // were missing from the old hand list, and their journal entries got no pin.
  const wellKnown: [string, string][] = [
    ['Lisbon, Portugal', 'Europe/Lisbon'],
    ['Madrid, Spain', 'Europe/Madrid'],
    ['Paris, France', 'Europe/Paris'],
    ['London, United Kingdom', 'Europe/London'],
    ['Dublin, Ireland', 'Europe/Dublin'],
    ['Amsterdam, Netherlands', 'Europe/Amsterdam'],
    ['Brussels, Belgium', 'Europe/Brussels'],
    ['Berlin, Germany', 'Europe/Berlin'],
    ['Rome, Italy', 'Europe/Rome'],
    ['Vienna, Austria', 'Europe/Vienna'],
    ['Prague, Czechia', 'Europe/Prague'],
    ['Budapest, Hungary', 'Europe/Budapest'],
    ['Warsaw, Poland', 'Europe/Warsaw'],
    ['Copenhagen, Denmark', 'Europe/Copenhagen'],
    ['Stockholm, Sweden', 'Europe/Stockholm'],
    ['Oslo, Norway', 'Europe/Oslo'],
    ['Helsinki, Finland', 'Europe/Helsinki'],
    ['Tallinn, Estonia', 'Europe/Tallinn'],
    ['Athens, Greece', 'Europe/Athens'],
    ['Istanbul, Türkiye', 'Europe/Istanbul'],
    ['Riga, Latvia', 'Europe/Riga'],
    ['Vilnius, Lithuania', 'Europe/Vilnius'],
    ['Sofia, Bulgaria', 'Europe/Sofia'],
    ['Bucharest, Romania', 'Europe/Bucharest'],
    ['Belgrade, Serbia', 'Europe/Belgrade'],
    ['Sarajevo, Bosnia and Herzegovina', 'Europe/Sarajevo'],
    ['Tbilisi, Georgia', 'Asia/Tbilisi'],
    ['Baku, Azerbaijan', 'Asia/Baku'],
    ['Almaty, Kazakhstan', 'Asia/Almaty'],
    ['Hamburg, Germany', 'Europe/Berlin'],
    ['Bologna, Italy', 'Europe/Rome'],
  ];

  it.each(wellKnown)('puts %s on the map, in %s', (location, timeZone) => {
    const place = findPlace(location);
    expect(place, location).not.toBeNull();
    expect(place!.name).toBe(location.split(',')[0]);
    expect(place!.timeZone).toBe(timeZone);
    // All of them lie between 35° and 60° north, 10° west and 80° east.
    expect(place!.latitude).toBeGreaterThan(35);
    expect(place!.latitude).toBeLessThan(61);
    expect(place!.longitude).toBeGreaterThan(-10);
    expect(place!.longitude).toBeLessThan(80);
  });

  it('picks among cities of one name by the country or state the location names, else the most populous', () => {
    expect(findPlace('Valencia, Spain')).toMatchObject({ country: 'Spain', timeZone: 'Europe/Madrid' });
    expect(findPlace('Valencia, Venezuela')).toMatchObject({ country: 'Venezuela', timeZone: 'America/Caracas' });
    expect(findPlace('Perth, Scotland')).toMatchObject({ countryCode: 'GB', timeZone: 'Europe/London' });
    expect(findPlace('Perth')).toMatchObject({ countryCode: 'AU', timeZone: 'Australia/Perth' });
    expect(findPlace('Portland, Oregon')?.timeZone).toBe('America/Los_Angeles');
    expect(findPlace('Portland, Maine')?.timeZone).toBe('America/New_York');
    expect(findPlace('San Jose, Costa Rica')?.countryCode).toBe('CR');
    expect(findPlace('New York, USA')).toMatchObject({ country: 'United States', timeZone: 'America/New_York' });
  });

  it('lets the overlay name a place the table has elsewhere, and the country choose between them', () => {
    expect(findPlace('Lagos')).toMatchObject({ country: 'Portugal', timeZone: 'Europe/Lisbon' });
    expect(findPlace('Lagos, Portugal')?.countryCode).toBe('PT');
    expect(findPlace('Lagos, Nigeria')).toMatchObject({ countryCode: 'NG', timeZone: 'Africa/Lagos' });
  });

  it('gives coordinates to at most four decimals', () => {
    for (const location of wellKnown.map(([l]) => l)) {
      const place = findPlace(location)!;
      for (const value of [place.latitude, place.longitude])
        expect(Math.abs(value * 1e4 - Math.round(value * 1e4))).toBeLessThan(1e-6);
    }
  });
});

describe('timeZoneOf', () => {
  it('is the zone of the place, else of a country that lies in one zone, else null', () => {
    expect(timeZoneOf('Oia, Santorini, Greece')).toBe('Europe/Athens');
    expect(timeZoneOf('Kyoto, Japan')).toBe('Asia/Tokyo');
    expect(timeZoneOf('A farm near Tartu, Estonia')).toBe('Europe/Tallinn');
    expect(timeZoneOf('Ghent, Belgium')).toBe('Europe/Brussels');
    // Portugal has three zones (the mainland, Madeira, the Azores): no guess.
    expect(timeZoneOf('Somewhere in the Alentejo, Portugal')).toBeNull();
    expect(timeZoneOf('A village nobody knows')).toBeNull();
  });
});

describe('countryCodeOf', () => {
  it('knows English names, the names people write and ISO alpha-3 codes', () => {
    expect(countryCodeOf('Portugal')).toBe('PT');
    expect(countryCodeOf('Türkiye')).toBe('TR');
    expect(countryCodeOf('turkey')).toBe('TR');
    expect(countryCodeOf('USA')).toBe('US');
    expect(countryCodeOf('Czech Republic')).toBe('CZ');
    expect(countryCodeOf('Scotland')).toBe('GB');
    expect(countryCodeOf('Atlantis')).toBeNull();
  });
});
