import type { Travel } from '~/lib/api-types';

export interface Photo {
  src: string;
  alt: string;
}

// The stock set: the destination pictures that ship with the app (apps/web/public/images).
export const stockPhotos: readonly Photo[] = [
  { src: '/images/amalfi.svg', alt: 'Stock photo: pastel houses on a cliff above the sea on the Amalfi Coast' },
  { src: '/images/bali.svg', alt: 'Stock photo: rice terraces, palms and a split temple gate in Bali' },
  { src: '/images/barcelona.svg', alt: 'Stock photo: basilica spires and palms by the sea in Barcelona' },
  { src: '/images/iceland.svg', alt: 'Stock photo: the northern lights over dark mountains in Iceland' },
  { src: '/images/kyoto.svg', alt: 'Stock photo: a five-storey pagoda among red maples in Kyoto' },
  { src: '/images/lisbon.svg', alt: 'Stock photo: terracotta rooftops and a yellow tram in Lisbon' },
  { src: '/images/maldives.svg', alt: 'Stock photo: overwater villas on a turquoise lagoon in the Maldives' },
  { src: '/images/marrakech.svg', alt: 'Stock photo: desert dunes and horseshoe arches near Marrakech' },
  { src: '/images/patagonia.svg', alt: 'Stock photo: granite towers above a glacial lake in Patagonia' },
  { src: '/images/rome.svg', alt: 'Stock photo: the Colosseum between cypress trees in Rome' },
  { src: '/images/santorini.svg', alt: 'Stock photo: whitewashed houses and blue domes in Santorini' },
  { src: '/images/seychelles.svg', alt: 'Stock photo: granite boulders and a white-sand beach in the Seychelles' },
  { src: '/images/swiss-alps.svg', alt: 'Stock photo: the Matterhorn above green meadows in the Swiss Alps' },
];

export const galleryLength = 4;

/** A small, stable number from an id, so a travel shows the same stock photos on every visit. */
function seedOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** Four photos: the travel's own image first when it has one, then stock photos (never its own twice). */
export function galleryFor(travel: Pick<Travel, 'id' | 'title' | 'imageUrl'>): Photo[] {
  const own: Photo[] = travel.imageUrl ? [{ src: travel.imageUrl, alt: `${travel.title}: the travel's own photo` }] : [];
  const stock = stockPhotos.filter((p) => p.src !== travel.imageUrl);
  const start = seedOf(travel.id) % stock.length;
  const rotated = [...stock.slice(start), ...stock.slice(0, start)];
  return [...own, ...rotated].slice(0, galleryLength);
}
