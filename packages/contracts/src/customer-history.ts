import { z } from 'zod';
import { customerSchema, updateCustomerBodySchema } from './customers.ts';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';

const idParams = z.object({ id: z.uuid() });
const paged = true;

/**
 * Why two customers look like one person: one's phone is the other's WhatsApp id; similar names at the same
 * company; the same name (case, spaces, punctuation and accents ignored) at any company.
 */
export const DUPLICATE_REASONS = ['phone_whatsapp', 'name_company', 'same_name'] as const;
export const duplicatePairSchema = z.object({
  reason: z.enum(DUPLICATE_REASONS),
  customers: z.tuple([customerSchema, customerSchema]),
  /**
   * how many customers share what pairs these two: for `same_name`, everyone with that name (each of them is
   * paired with the oldest, the first customer of the pair); 2 otherwise
   */
  group_size: z.number().int(),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

export const MERGE_MAX = 20;
export const mergeBodySchema = z
  .object({
    /** the customer merged into this one and then deleted */
    other_id: z.uuid({ error: 'not_found' }).optional(),
    /** several customers merged into this one, one after another in this order, in one transaction */
    other_ids: z
      .array(z.uuid({ error: 'not_found' }))
      .min(1, { error: 'merge_others_required' })
      .max(MERGE_MAX, { error: 'too_many_customers' })
      .optional(),
    /** the surviving value of a field where the survivor's own (or, when it has none, the other's) should not stay */
    values: updateCustomerBodySchema.omit({ tag_ids: true }).optional(),
  })
  .refine((body) => (body.other_id === undefined) !== (body.other_ids === undefined), {
    error: 'merge_others_required',
    path: ['other_id'],
  });

export const TIMELINE_ACTIONS = ['created', 'updated', 'merged'] as const;
export const timelineEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(TIMELINE_ACTIONS),
  actor_name: z.string(),
  /** field → [before, after] */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** the merged customer's name, for a merge */
  merged_name: z.string().nullable(),
  created_at: z.number().int(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const customerHistoryEndpoints = {
  duplicates: endpoint({
    method: 'GET',
    path: '/v1/customers/duplicates',
    query: z.object({ page: pageField, size: pageSizeField }),
    response: z.array(duplicatePairSchema),
    paged,
    summary:
      "Likely duplicates, each pair with its reason: a phone number that is another customer's WhatsApp id, similar names at the same company, or the same name (case, spaces and accents ignored) at any company",
  }),
  merge: endpoint({
    method: 'POST',
    path: '/v1/customers/:id/merge',
    params: idParams,
    body: mergeBodySchema,
    response: customerSchema,
    summary:
      'Merge another customer (other_id), or several one after another (other_ids), into this one in one transaction: chosen values, tags, notes and custom fields move',
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/v1/customers/:id/timeline',
    params: idParams,
    query: z.object({ page: pageField, size: pageSizeField }),
    response: z.array(timelineEntrySchema),
    paged,
    summary: "A customer's history, newest first: who created, changed or merged it, and what changed",
  }),
};
