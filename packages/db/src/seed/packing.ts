import { addDaysIso } from '@naav/schemas/dates';
import type { Database } from '../client';
import { packingItems, packingTemplateItems, packingTemplates, todos } from '../schema/index';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

/** The Lisbon trip's packing list and to-dos (half packed, one to-do done), and one template of the traveller's. Fixed ids. */
export async function seedPacking(db: Database, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const day = (offset: number) => addDaysIso(today, offset);
  const traveller = demoUsers.traveller.id;
  await upsertRows(db, packingItems, [
    {
      id: 'packing-passports',
      tripId: 'trip-lisbon',
      name: 'Passports',
      category: 'Documents',
      quantity: 4,
      assigneeId: traveller,
      packed: true,
    },
    {
      id: 'packing-sun-cream',
      tripId: 'trip-lisbon',
      name: 'Sun cream',
      category: 'Toiletries',
      quantity: 1,
      assigneeId: null,
      packed: true,
    },
    {
      id: 'packing-t-shirts',
      tripId: 'trip-lisbon',
      name: 'T-shirts',
      category: 'Clothing',
      quantity: 6,
      assigneeId: 'companion-jamie',
      packed: false,
    },
    {
      id: 'packing-colouring',
      tripId: 'trip-lisbon',
      name: 'Colouring books',
      category: 'Kids',
      quantity: 2,
      assigneeId: 'companion-lily',
      packed: false,
    },
    {
      id: 'packing-charger',
      tripId: 'trip-lisbon',
      name: 'Phone charger',
      category: 'Electronics',
      quantity: 1,
      assigneeId: null,
      packed: false,
    },
  ]);
  await upsertRows(db, todos, [
    {
      id: 'todo-check-in',
      tripId: 'trip-lisbon',
      title: 'Check in online',
      dueDate: day(-3),
      assigneeId: traveller,
      done: true,
    },
    {
      id: 'todo-tram-tickets',
      tripId: 'trip-lisbon',
      title: 'Buy Viva Viagem cards',
      dueDate: day(1),
      assigneeId: 'companion-jamie',
      done: false,
    },
    {
      id: 'todo-plants',
      tripId: 'trip-lisbon',
      title: 'Ask the neighbours to water the plants',
      dueDate: null,
      assigneeId: null,
      done: false,
    },
  ]);
  await upsertRows(db, packingTemplates, [
    { id: 'template-long-weekend', ownerId: traveller, name: 'Long weekend', days: 3 },
  ]);
  await upsertRows(db, packingTemplateItems, [
    {
      id: 'template-long-weekend-shirts',
      templateId: 'template-long-weekend',
      name: 'Shirts',
      category: 'Clothing',
      quantity: 3,
    },
    {
      id: 'template-long-weekend-toothbrush',
      templateId: 'template-long-weekend',
      name: 'Toothbrush',
      category: 'Toiletries',
      quantity: 1,
    },
    {
      id: 'template-long-weekend-charger',
      templateId: 'template-long-weekend',
      name: 'Phone charger',
      category: 'Electronics',
      quantity: 1,
    },
  ]);
}
