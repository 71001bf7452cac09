import type { Database } from '@naav/db';
import { companions, packingItems, packingTemplateItems, packingTemplates, trips } from '@naav/db/schema';
import type { PackingCategory } from '@naav/schemas/packing';
import { tripDayCount } from '@naav/schemas/dates';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { typicalWeather } from '../../lib/destination-info';
import { tripAccess } from '../../lib/trip-access';
import type { CreatePackingTemplateInput, PackingTemplate, TemplateItem } from './packing-templates.schemas';
import { scaledQuantity, starterQuantity, starters, suggestStarter } from './starters';

/** A trip as the templates need it: its length and what a starter is suggested from. The caller has checked access. */
async function tripFacts(db: Database, tripId: string) {
  const [[trip], company] = await db.batch([
    db
      .select({
        title: trips.title,
        description: trips.description,
        location: trips.location,
        startDate: trips.startDate,
        endDate: trips.endDate,
      })
      .from(trips)
      .where(eq(trips.id, tripId)),
    db.select({ relationship: companions.relationship }).from(companions).where(eq(companions.tripId, tripId)),
  ]);
  if (!trip) throw new NotFoundError('Trip');
  const days = tripDayCount(trip.startDate, trip.endDate);
  const month = Number(trip.startDate.slice(5, 7)) - 1;
  const weather = typicalWeather(trip.location, month);
  const suggestion = suggestStarter({ ...trip, days, relationships: company.map((c) => c.relationship) }, weather);
  return { days, suggestion };
}

const startersFor = (days: number) =>
  starters.map((starter) => ({
    id: starter.id,
    name: starter.name,
    items: starter.items.map((item) => ({
      name: item.name,
      category: item.category,
      quantity: starterQuantity(item, days),
    })),
  }));

async function ownTemplates(db: Database, actor: Actor, onlyId?: string) {
  const templates = await db
    .select({ id: packingTemplates.id, name: packingTemplates.name, days: packingTemplates.days })
    .from(packingTemplates)
    .where(and(eq(packingTemplates.ownerId, actor.id), onlyId ? eq(packingTemplates.id, onlyId) : undefined))
    .orderBy(desc(packingTemplates.createdAt), asc(packingTemplates.id));
  const items =
    templates.length === 0
      ? []
      : await db
          .select({
            templateId: packingTemplateItems.templateId,
            name: packingTemplateItems.name,
            category: packingTemplateItems.category,
            quantity: packingTemplateItems.quantity,
          })
          .from(packingTemplateItems)
          .where(
            inArray(
              packingTemplateItems.templateId,
              templates.map((t) => t.id),
            ),
          )
          .orderBy(asc(packingTemplateItems.name));
  return templates.map((t) => ({
    ...t,
    items: items
      .filter((i) => i.templateId === t.id)
      .map(({ templateId: _, ...item }) => ({ ...item, category: item.category as PackingCategory })),
  }));
}

/**
 * The starters and the caller's own templates. With a trip the caller may see, quantities are
 * that trip's (see templateItemsForTrip) and the starter suggested for it comes first; without
 * one, starters are counted for a week.
 */
export async function listTemplates(db: Database, actor: Actor, tripId?: string): Promise<PackingTemplate[]> {
  let days = 7;
  let suggestion: { id: string; reason: string } | null = null;
  if (tripId) {
    await tripAccess(db, actor, tripId, 'view');
    ({ days, suggestion } = await tripFacts(db, tripId));
  }
  const builtIn = startersFor(days).map((s) => ({
    ...s,
    builtIn: true,
    suggested: s.id === suggestion?.id,
    reason: s.id === suggestion?.id ? suggestion.reason : null,
  }));
  builtIn.sort((a, b) => Number(b.suggested) - Number(a.suggested));
  const own = (await ownTemplates(db, actor)).map((t) => ({
    id: t.id,
    name: t.name,
    builtIn: false,
    suggested: false,
    reason: null,
    items: t.items.map((item) => ({ ...item, quantity: scaledQuantity(item.quantity, item.category, t.days, days) })),
  }));
  return [...builtIn, ...own];
}

/**
 * The items a template gives a trip: a starter's counted for the trip's length, a kept
 * template's clothing scaled from the length of the trip it was saved from. A template that is
 * neither a starter nor the caller's own is NOT_FOUND. The caller has checked access to the trip.
 */
export async function templateItemsForTrip(
  db: Database,
  actor: Actor,
  templateId: string,
  tripId: string,
): Promise<TemplateItem[]> {
  const { days } = await tripFacts(db, tripId);
  const starter = startersFor(days).find((s) => s.id === templateId);
  if (starter) return starter.items;
  const [own] = await ownTemplates(db, actor, templateId);
  if (!own) throw new NotFoundError('Template');
  return own.items.map((item) => ({ ...item, quantity: scaledQuantity(item.quantity, item.category, own.days, days) }));
}

/** Saves a trip's list (names, categories, quantities; not who brings what, nor ticks) as one of the caller's templates. */
export async function saveTemplate(
  db: Database,
  actor: Actor,
  input: CreatePackingTemplateInput,
): Promise<PackingTemplate> {
  await tripAccess(db, actor, input.tripId, 'view');
  const { days } = await tripFacts(db, input.tripId);
  const items = await db
    .select({ name: packingItems.name, category: packingItems.category, quantity: packingItems.quantity })
    .from(packingItems)
    .where(eq(packingItems.tripId, input.tripId))
    .orderBy(asc(packingItems.name));
  if (items.length === 0)
    throw new ValidationError('tripId', 'This trip’s packing list is empty: add items before saving it as a template');
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(packingTemplates).values({ id, ownerId: actor.id, name: input.name, days }),
    db.insert(packingTemplateItems).values(items.map((item) => ({ ...item, templateId: id }))),
  ]);
  return {
    id,
    name: input.name,
    builtIn: false,
    suggested: false,
    reason: null,
    items: items.map((item) => ({ ...item, category: item.category as PackingCategory })),
  };
}
