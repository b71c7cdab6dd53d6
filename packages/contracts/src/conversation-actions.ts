import { z } from 'zod';
import { LABEL_LIMITS } from './conversation-labels.ts';
import { assignConversationBodySchema, conversationSchema } from './conversations.ts';
import { endpoint } from './endpoint.ts';

/** A snooze lasts at most this long. */
export const SNOOZE_MAX_DAYS = 365;
/** Bulk actions take at most this many conversations at once. */
export const BULK_CONVERSATIONS_MAX = 100;

/**
 * Snooze an open conversation until a time (unix seconds, in the future) or, with `until` null or absent, until
 * the customer's next message; a message from the customer always ends it.
 */
export const snoozeBodySchema = z.object({
  until: z.number({ error: 'snooze_until_invalid' }).int({ error: 'snooze_until_invalid' }).nullable().default(null),
});
export type SnoozeBody = z.input<typeof snoozeBodySchema>;

const labelIds = z
  .array(z.uuid({ error: 'label_not_found' }))
  .max(LABEL_LIMITS.perConversation, { error: 'labels_too_many' });

/** The conversation's labels become exactly these (labels of this organization). */
export const conversationLabelsBodySchema = z.object({ label_ids: labelIds });
export type ConversationLabelsBody = z.input<typeof conversationLabelsBodySchema>;

const ids = z
  .array(z.uuid())
  .min(1, { error: 'bulk_ids_required' })
  .max(BULK_CONVERSATIONS_MAX, { error: 'bulk_too_many' });

/** What one bulk action does to each chosen conversation: assign it (as the assignment does), add labels, close it. */
export const bulkConversationsBodySchema = z.discriminatedUnion('action', [
  z.object({ ids, action: z.literal('assign') }).extend(assignConversationBodySchema.shape),
  z.object({ ids, action: z.literal('label'), label_ids: labelIds.min(1, { error: 'label_not_found' }) }),
  z.object({ ids, action: z.literal('close') }),
]);
export type BulkConversationsBody = z.input<typeof bulkConversationsBodySchema>;

/**
 * The conversations it changed (or that were already so); `skipped` counts the chosen ones the member may not see
 * (their ids are not echoed: the member cannot tell them from ids that do not exist).
 */
export const bulkConversationsResultSchema = z.object({ done: z.array(z.uuid()), skipped: z.number().int() });
export type BulkConversationsResult = z.infer<typeof bulkConversationsResultSchema>;

const idParams = z.object({ id: z.uuid() });

export const conversationActionEndpoints = {
  snooze: endpoint({
    method: 'PUT',
    path: '/v1/conversations/:id/snooze',
    params: idParams,
    body: snoozeBodySchema,
    response: conversationSchema,
    summary:
      "Snooze an open conversation until a time or the customer's next message: it leaves the open lists (filter snoozed) and comes back then",
  }),
  setLabels: endpoint({
    method: 'PUT',
    path: '/v1/conversations/:id/labels',
    params: idParams,
    body: conversationLabelsBodySchema,
    response: conversationSchema,
    summary: "Set a conversation's labels (labels of this organization; a change is an activity line)",
  }),
  bulk: endpoint({
    method: 'POST',
    path: '/v1/conversations/bulk',
    body: bulkConversationsBodySchema,
    response: bulkConversationsResultSchema,
    summary:
      'Assign, label or close chosen conversations at once (at most 100); those the member may not see are reported, not changed',
  }),
};
