import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSavedPlaces } from './saved-places';

const sample = (name: string) => readFileSync(new URL(`../bookings/corpus/apps/${name}`, import.meta.url), 'utf8');

describe('Google Maps saved places', () => {
  it("reads Takeout's Saved Places.json: names, addresses, comments and coordinates (from the URL when the point is 0,0)", () => {
    expect(readSavedPlaces(sample('google-takeout-saved-places.json'))).toEqual([
      {
        title: 'Belém Tower',
        location: 'Av. Brasília, 1400-038 Lisboa, Portugal',
        description: null,
        latitude: 38.6915837,
        longitude: -9.2159879,
      },
      {
        title: 'Eiffel Tower',
        location: 'Av. Gustave Eiffel, 75007 Paris, France',
        description: 'Book the summit a month ahead',
        latitude: 48.8583701,
        longitude: 2.2944813,
      },
      {
        title: 'Pontocho Alley',
        location: null,
        description: 'No location information is available for this saved place',
        latitude: 35.0116,
        longitude: 135.7681,
      },
    ]);
  });

  it('reads a saved list CSV: quoted fields, notes, and coordinates where the link has them', () => {
    expect(readSavedPlaces(sample('google-takeout-want-to-go.csv'))).toEqual([
      {
        title: 'Time Out Market Lisboa',
        location: null,
        description: 'Lunch, before the tram',
        latitude: 38.7069,
        longitude: -9.1459,
      },
      {
        title: 'Miradouro da Senhora do Monte',
        location: null,
        description: null,
        latitude: 38.719,
        longitude: -9.1329,
      },
      { title: 'Livraria "Bertrand"', location: null, description: 'Oldest bookshop', latitude: null, longitude: null },
    ]);
  });

  it('refuses a file that is neither, naming the file', () => {
    expect(() => readSavedPlaces('{"hello": 1}')).toThrow(/not a GeoJSON FeatureCollection/);
    expect(() => readSavedPlaces('name;lat;lng\nx;1;2')).toThrow(/no Title column/);
  });
});
