/** Travel proposals' choices and the requests their forms send: a proposal, an itinerary item, a client's feedback. */
import { z } from './zod';
import { id, imageUrl, isOwnImage, isoDate, optionalText, ownImageMessage, requiredText } from './fields';
import { wholeDollarsOf } from './money';

export const proposalStatuses = ['draft', 'submitted', 'reviewing', 'approved', 'rejected'] as const;
export const itineraryItemTypes = ['activity', 'meal', 'transportation', 'accommodation'] as const;
export const feedbackStatuses = ['pending', 'addressed'] as const;

/** A calendar date; a full ISO timestamp (what a browser's toISOString() sends) is cut to its date. */
const calendarDateInput = z.union([isoDate, z.iso.datetime({ offset: true })]).transform((value) => value.slice(0, 10));

/** Whole US dollars. */
const dollars = z.number().int().min(0).max(10_000_000).meta(wholeDollarsOf('The amount'));

/** A list of short lines (highlights, inclusions, exclusions): trimmed, blanks dropped. */
const lineList = z
  .array(z.string().max(200))
  .max(30)
  .transform((list) => list.map((s) => s.trim()).filter(Boolean));
const lines = lineList.default([]);

/**
 * A text field of a change: absent leaves it as it is; null or blank clears it (the service turns
 * blank into null), unlike optionalText, which reads absent as "none".
 */
const patchText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * The Create New Proposal dialog. The client is chosen with clientId; a userId or agentId in the
 * body is dropped like any unknown key (the agent is the signed-in user).
 */
export const createProposalInput = z
  .object({
    clientId: id,
    title: requiredText(120),
    destination: requiredText(120),
    description: optionalText(4000),
    startDate: calendarDateInput,
    endDate: calendarDateInput,
    expiryDate: calendarDateInput,
    budget: dollars.default(0),
    imageUrl,
    highlights: lines,
    inclusions: lines,
    exclusions: lines,
    /** One of the client's availability windows, occasions or trip requests it answers. */
    availabilityId: id.nullish(),
    occasionId: id.nullish(),
    tripRequestId: id.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
    }
  });
export type CreateProposalInput = z.infer<typeof createProposalInput>;

/** Changing a draft's details; the client and the links stay as created. */
export const updateProposalInput = z.object({
  id,
  title: requiredText(120).optional(),
  destination: requiredText(120).optional(),
  description: patchText(4000),
  startDate: calendarDateInput.optional(),
  endDate: calendarDateInput.optional(),
  expiryDate: calendarDateInput.optional(),
  budget: dollars.optional(),
  imageUrl: patchText(500).refine((v) => !v || isOwnImage(v), ownImageMessage),
  highlights: lineList.optional(),
  inclusions: lineList.optional(),
  exclusions: lineList.optional(),
});
export type UpdateProposalInput = z.infer<typeof updateProposalInput>;

/** HH:MM, 24-hour. */
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time, HH:MM');

/** The Add Itinerary Item dialog; `id` is the proposal's. */
export const createItemInput = z
  .object({
    id,
    /** Counted from 1, the start date. */
    day: z.number().int().min(1).max(366),
    title: requiredText(160),
    description: optionalText(2000),
    type: z.enum(itineraryItemTypes).default('activity'),
    startTime: hhmm.default('09:00'),
    endTime: hhmm.default('12:00'),
    location: optionalText(200),
    cost: dollars.default(0),
    included: z.boolean().default(true),
    notes: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    // Only two valid times can be compared (refinements run even when a field failed).
    const valid = (t: unknown) => typeof t === 'string' && hhmm.safeParse(t).success;
    if (valid(v.startTime) && valid(v.endTime) && v.endTime < v.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end time cannot be before the start time' });
    }
  });
export type CreateItemInput = z.infer<typeof createItemInput>;

/** Changing an item of a draft: any of the dialog's fields; `id` is the item's. */
export const updateItemInput = z.object({
  id,
  day: z.number().int().min(1).max(366).optional(),
  title: requiredText(160).optional(),
  description: patchText(2000),
  type: z.enum(itineraryItemTypes).optional(),
  startTime: hhmm.optional(),
  endTime: hhmm.optional(),
  location: patchText(200),
  cost: dollars.optional(),
  included: z.boolean().optional(),
  notes: patchText(2000),
});
export type UpdateItemInput = z.infer<typeof updateItemInput>;

/** A client's comment; `id` is the proposal's. Whitespace-only comments are refused (400 comment). */
export const createFeedbackInput = z.object({
  id,
  comment: requiredText(2000),
  rating: z.number().int().min(1).max(5).nullable().default(5),
  /** The itinerary item it refers to (its title). */
  itemReference: optionalText(200),
});
export type CreateFeedbackInput = z.infer<typeof createFeedbackInput>;
