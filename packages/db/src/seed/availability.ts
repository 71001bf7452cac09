import { addDaysIso } from '@naav/schemas/dates';
import { availability, occasions } from '../schema/index';
import type { Database } from '../client';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

/** Fixed ids; windows lie ahead of today, occasions include recurring ones from past years. */
export async function seedAvailability(db: Database, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const day = (offset: number) => addDaysIso(today, offset);
  const year = Number(today.slice(0, 4));
  // The same month and day in an earlier year (29 February becomes the 28th).
  const yearsAgo = (years: number, offset: number) =>
    `${year - years}${day(offset).slice(4).replace('-02-29', '-02-28')}`;

  await upsertRows(db, availability, [
    {
      id: 'avail-next-week',
      userId: demoUsers.traveller.id,
      startDate: day(7),
      endDate: day(10),
      isFlexible: false,
      flexibilityDays: 3,
      preferredDuration: 3,
      priority: 3,
      status: 'active',
      notes: 'A long weekend close to home.',
    },
    {
      id: 'avail-spring-break',
      userId: demoUsers.traveller.id,
      startDate: day(45),
      endDate: day(55),
      isFlexible: true,
      flexibilityDays: 3,
      preferredDuration: 7,
      priority: 4,
      status: 'active',
      notes: 'School holidays: the whole family can travel.',
    },
    {
      id: 'avail-long-weekend',
      userId: demoUsers.traveller.id,
      startDate: day(80),
      endDate: day(83),
      isFlexible: false,
      flexibilityDays: 3,
      preferredDuration: 3,
      priority: 2,
      status: 'active',
      notes: null,
    },
    {
      id: 'avail-summer',
      userId: demoUsers.traveller.id,
      startDate: day(150),
      endDate: day(170),
      isFlexible: true,
      flexibilityDays: 7,
      preferredDuration: 14,
      priority: 5,
      status: 'active',
      notes: 'Two weeks somewhere warm.',
    },
    {
      id: 'avail-traveller2-autumn',
      userId: demoUsers.traveller2.id,
      startDate: day(60),
      endDate: day(67),
      isFlexible: false,
      flexibilityDays: 3,
      preferredDuration: 7,
      priority: 3,
      status: 'active',
      notes: null,
    },
  ]);

  await upsertRows(db, occasions, [
    {
      id: 'occasion-anniversary',
      userId: demoUsers.traveller.id,
      title: 'Wedding anniversary',
      description: 'Ten years married: something special.',
      date: yearsAgo(10, 70),
      occasionType: 'anniversary',
      isRecurring: true,
      participants: ['Alex', 'Jordan'],
      importance: 5,
      celebrated: false,
    },
    {
      id: 'occasion-birthday',
      userId: demoUsers.traveller.id,
      title: "Mia's birthday",
      description: null,
      date: yearsAgo(8, 120),
      occasionType: 'birthday',
      isRecurring: true,
      participants: ['Mia'],
      importance: 4,
      celebrated: false,
    },
    {
      id: 'occasion-graduation',
      userId: demoUsers.traveller.id,
      title: "Jordan's graduation",
      description: 'Master of Architecture ceremony.',
      date: day(100),
      occasionType: 'graduation',
      isRecurring: false,
      participants: ['Jordan', 'Alex', 'Mia'],
      importance: 3,
      celebrated: false,
    },
    {
      id: 'occasion-traveller2-birthday',
      userId: demoUsers.traveller2.id,
      title: '40th birthday',
      description: null,
      date: day(90),
      occasionType: 'birthday',
      isRecurring: false,
      participants: [],
      importance: 5,
      celebrated: false,
    },
  ]);
}
