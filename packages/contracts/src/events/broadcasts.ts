import { z } from 'zod';
import { conversationFactsSchema } from './conversations.ts';

export const broadcastEvents = {
  /** A customer wrote within 72 hours of the broadcasts' messages to them: their replies (a workflow trigger). */
  'broadcast.replied': z.object({
    broadcast_ids: z.array(z.uuid()).min(1),
    conversation: conversationFactsSchema,
    message_id: z.uuid(),
    message_text: z.string().nullable(),
  }),
  /**
   * A broadcast stopped by itself (Meta refused the channel's token): it waits, paused, for an admin to connect the
   * channel again and resume it.
   */
  'broadcast.paused': z.object({
    broadcast_id: z.uuid(),
    name: z.string(),
    channel_id: z.uuid(),
    reason: z.string(),
  }),
  /**
   * WhatsApp statuses (sent, delivered, read, failed) of messages the conversations do not hold: sends of other
   * modules (broadcasts) by Meta's id. Emitted once per webhook delivery by the `messages` field.
   */
  'whatsapp.statuses_unmatched': z.object({
    channel_id: z.uuid(),
    statuses: z.array(
      z.object({
        external_id: z.string(),
        status: z.enum(['sent', 'delivered', 'read', 'failed']),
        error_code: z.string().nullable(),
        error_title: z.string().nullable(),
      }),
    ),
  }),
};
