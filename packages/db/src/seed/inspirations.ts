import { inspirations } from '../schema/index';
import type { Database } from '../client';
import { upsertRows } from './upsert';

export async function seedInspirations(db: Database): Promise<void> {
  await upsertRows(db, inspirations, [
    { id: 'insp-maldives', title: 'Maldives Overwater Villas', destination: 'Maldives', description: 'Barefoot luxury over a turquoise lagoon, with snorkelling from your deck.', imageUrl: '/images/maldives.svg', category: 'beach', type: 'honeymoon', duration: 7, price: 8900, rating: 4.9, sortOrder: 1 },
    { id: 'insp-kyoto', title: 'Temples of Kyoto', destination: 'Kyoto, Japan', description: 'Zen gardens, tea ceremonies and a night in a traditional ryokan.', imageUrl: '/images/kyoto.svg', category: 'cultural', type: 'anniversary', duration: 8, price: 6200, rating: 4.8, sortOrder: 2 },
    { id: 'insp-patagonia', title: 'Patagonia Expedition', destination: 'Torres del Paine, Chile', description: 'Glaciers, granite towers and guided treks between eco-domes.', imageUrl: '/images/patagonia.svg', category: 'adventure', type: 'friends', duration: 12, price: 7400, rating: 4.7, sortOrder: 3 },
    { id: 'insp-bali', title: 'Ubud Wellness Retreat', destination: 'Bali, Indonesia', description: 'Daily yoga, spa rituals and plant-based cuisine in the jungle.', imageUrl: '/images/bali.svg', category: 'wellness', type: 'birthday', duration: 6, price: 3900, rating: null, sortOrder: 4 },
    { id: 'insp-amalfi', title: 'Amalfi Coast Drive', destination: 'Amalfi, Italy', description: 'Cliff-top villages, lemon groves and boat days to Capri.', imageUrl: '/images/amalfi.svg', category: 'beach', type: 'anniversary', duration: 5, price: 5200, rating: 4.8, sortOrder: 5 },
    { id: 'insp-peru', title: 'Machu Picchu & the Sacred Valley', destination: 'Cusco, Peru', description: 'The Inca Trail with a private guide and a night by the ruins.', imageUrl: null, category: 'adventure', type: 'family', duration: 10, price: 6800, rating: 4.9, sortOrder: 6 },
    { id: 'insp-morocco', title: 'Imperial Cities of Morocco', destination: 'Fes, Morocco', description: 'Medinas, mosaics and a desert camp under the Sahara stars.', imageUrl: '/images/marrakech.svg', category: 'cultural', type: 'family', duration: 9, price: 4300, rating: 4.6, sortOrder: 7 },
    { id: 'insp-swiss-spa', title: 'Alpine Spa Escape', destination: 'Zermatt, Switzerland', description: 'Thermal pools with Matterhorn views and gentle glacier walks.', imageUrl: '/images/swiss-alps.svg', category: 'wellness', type: 'honeymoon', duration: 4, price: 4700, rating: 4.8, sortOrder: 8 },
    { id: 'insp-seychelles', title: 'Seychelles Island Hopping', destination: 'Seychelles', description: 'Granite beaches on Praslin and La Digue by private catamaran.', imageUrl: '/images/seychelles.svg', category: 'beach', type: 'honeymoon', duration: 15, price: 14200, rating: 5, sortOrder: 9 },
  ]);
}
