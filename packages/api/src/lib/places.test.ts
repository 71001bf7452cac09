import { describe, expect, it } from 'vitest';
import { findPlace, places } from './places';

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

describe('findPlace', () => {
  it('ignores case and accents both ways', () => {
    expect(findPlace('reykjavik, ICELAND')).toMatchObject({ name: 'Reykjavík', latitude: 64.1466, longitude: -21.9426 });
    expect(findPlace('Reykjavík')?.name).toBe('Reykjavík');
    expect(findPlace('  SAO PAULO ')?.name).toBe('São Paulo');
    expect(findPlace('Cancun, Mexico')?.name).toBe('Cancún');
  });

  it('tries each comma-separated part, most specific first', () => {
    expect(findPlace('Oia, Santorini, Greece')).toMatchObject({ name: 'Oia', country: 'Greece', latitude: 36.4618, longitude: 25.3753 });
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
    near('Tokyo', 35.6762, 139.6503);
    near('Sydney', -33.8688, 151.2093);
    near('Rio de Janeiro', -22.9068, -43.1729);
    near('Machu Picchu', -13.1631, -72.545);
    near('Honolulu', 21.3069, -157.8583);
  });
});

describe('the bundled city list', () => {
  it('holds about two hundred places', () => {
    expect(places.length).toBeGreaterThanOrEqual(180);
    expect(places.length).toBeLessThanOrEqual(260);
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
