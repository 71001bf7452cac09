import type { Database } from '../client';
import { foodPreferences, interestCategories, interests, wishlistItems } from '../schema/index';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

/** The seven categories with their colours, icons and six popular suggestions each. */
const interestCategoryCatalogue = [
  {
    id: 1,
    name: 'Cuisine',
    description: 'Food, drink and culinary experiences',
    color: '#F97316',
    iconName: 'utensils',
    suggestions: ['Street food', 'Fine dining', 'Wine tasting', 'Cooking classes', 'Local markets', 'Seafood'],
  },
  {
    id: 2,
    name: 'Activities',
    description: 'Adventures and things to do',
    color: '#10B981',
    iconName: 'hiking',
    suggestions: ['Hiking', 'Snorkelling', 'Scuba diving', 'Kayaking', 'Cycling', 'Hot-air ballooning'],
  },
  {
    id: 3,
    name: 'Culture',
    description: 'History, art and local traditions',
    color: '#8B5CF6',
    iconName: 'landmark',
    suggestions: ['Museums', 'Historic sites', 'Architecture', 'Local festivals', 'Live music', 'Art galleries'],
  },
  {
    id: 4,
    name: 'Accommodation',
    description: 'Where and how you like to stay',
    color: '#3B82F6',
    iconName: 'bed',
    suggestions: ['Boutique hotels', 'Beach resorts', 'Mountain lodges', 'Villas', 'Ryokans', 'Glamping'],
  },
  {
    id: 5,
    name: 'Shopping',
    description: 'Markets, crafts and boutiques',
    color: '#EC4899',
    iconName: 'shopping-bag',
    suggestions: ['Local crafts', 'Designer boutiques', 'Flea markets', 'Antiques', 'Jewellery', 'Souvenirs'],
  },
  {
    id: 6,
    name: 'Nature',
    description: 'Landscapes, wildlife and the outdoors',
    color: '#22C55E',
    iconName: 'tree',
    suggestions: ['National parks', 'Beaches', 'Wildlife safaris', 'Mountains', 'Waterfalls', 'Stargazing'],
  },
  {
    id: 7,
    name: 'Sport',
    description: 'Playing and watching sport',
    color: '#EF4444',
    iconName: 'volleyball-ball',
    suggestions: ['Golf', 'Skiing', 'Surfing', 'Tennis', 'Football matches', 'Sailing'],
  },
] as const;

/** Fixed ids: the first traveller has a small profile (so the completion bar shows), the second none. */
export async function seedInterests(db: Database): Promise<void> {
  await upsertRows(
    db,
    interestCategories,
    interestCategoryCatalogue.map((c, i) => ({ ...c, suggestions: [...c.suggestions], sortOrder: i + 1 })),
  );

  await upsertRows(db, interests, [
    {
      id: 'interest-cycling',
      userId: demoUsers.traveller.id,
      categoryId: 2,
      name: 'Cycling',
      description: 'Quiet roads and a good café at the end.',
      priority: 5,
    },
    {
      id: 'interest-street-food',
      userId: demoUsers.traveller.id,
      categoryId: 1,
      name: 'Street food',
      description: null,
      priority: 4,
    },
    {
      id: 'interest-traveller2-museums',
      userId: demoUsers.traveller2.id,
      categoryId: 3,
      name: 'Museums',
      description: null,
      priority: 3,
    },
  ]);

  await upsertRows(db, wishlistItems, [
    {
      id: 'wish-northern-lights',
      userId: demoUsers.traveller.id,
      title: 'See the Northern Lights',
      description: 'A clear winter night somewhere above the Arctic Circle.',
      location: 'Tromsø, Norway',
      itemType: 'experience',
      tags: ['winter', 'nature'],
    },
  ]);

  await upsertRows(db, foodPreferences, [
    {
      id: 'food-traveller',
      userId: demoUsers.traveller.id,
      diets: ['vegetarian'],
      allergies: 'Peanuts',
      notes: 'Prefers a table outside.',
    },
  ]);
}
