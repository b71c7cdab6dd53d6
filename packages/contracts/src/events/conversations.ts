import { z } from 'zod';
import { CHANNEL_TYPES } from '../channels.ts';
import { AI_HANDOFF_REASONS, threadActivitySchema } from '../conversation-activity.ts';
import { messageSchema } from '../conversations.ts';

const about = {
  conversation_id: z.uuid(),
  customer_name: z.string(),
  channel_type: z.string(),
};

/**
 * A conversation as its listeners need it, at the moment of the event: whose it is, where, who handles it (the
 * assignment decides which agents may see it) and whether it is open.
 */
export const conversationFactsSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  channel_id: z.uuid(),
  channel_type: z.enum(CHANNEL_TYPES),
  assignee_member_id: z.uuid().nullable(),
  team_id: z.uuid().nullable(),
  all_teams: z.boolean(),
  status: z.enum(['open', 'closed']),
});
export type ConversationFacts = z.infer<typeof conversationFactsSchema>;

/** What changed a conversation (`conversation.changed`). */
export const CONVERSATION_CHANGES = [
  'created',
  'assigned',
  'status',
  'read',
  'customer_merged',
  'snoozed',
  'labels',
  /** the customer rated it (web chat's CSAT) */
  'rated',
  /** an AI agent handed it to people, or a member handed it back to the agent */
  'ai',
] as const;

export const conversationEvents = {
  /**
   * A message was stored: the customer's (a Meta delivery, a web-chat visitor), Meta's echo of one sent elsewhere,
   * or an agent's reply, note, template or file (`sender_member_id`: the agent; null for the customer and echoes).
   * `message.status` is its state when stored (an agent's reply may already be `sent` or `failed`).
   */
  'message.stored': z.object({
    message: messageSchema,
    conversation: conversationFactsSchema,
    sender_member_id: z.uuid().nullable(),
  }),
  /** a message's state moved on: a status forward (sent, delivered, read), a send that failed, its file fetched */
  'message.status_changed': z.object({ message: messageSchema, conversation: conversationFactsSchema }),
  /**
   * A conversation was started or found by an agent (`created`), assigned, closed or reopened, read by a member,
   * or moved to the survivor of a customer merge (`by_member_id`: the member who did it; null for a merge, whose
   * `customer.merged` names its actor). A conversation a customer's first message opens is announced by that
   * `message.stored`.
   */
  'conversation.changed': z.object({
    change: z.enum(CONVERSATION_CHANGES),
    conversation: conversationFactsSchema,
    by_member_id: z.uuid().nullable(),
  }),
  /** the channel's AI agent handed the conversation to people (`team_id` null: all teams), not a member's take-over */
  'conversation.ai_handed_off': z.object({
    ...about,
    team_id: z.uuid().nullable(),
    reason: z.enum(AI_HANDOFF_REASONS),
    note: z.string().nullable(),
  }),
  /** a conversation got an assignee or a team (`by_member_id`: who assigned it; null for the system) */
  'conversation.assigned': z.object({
    ...about,
    assignee_member_id: z.uuid().nullable(),
    team_id: z.uuid().nullable(),
    by_member_id: z.uuid().nullable(),
  }),
  /**
   * An activity line was written in a conversation (assignment, close, reopen, snooze, labels), in the transaction
   * of the change: agents who may see it get it live; a customer never does.
   */
  'conversation.activity': z.object({ activity: threadActivitySchema, conversation: conversationFactsSchema }),
  /** Meta refused a channel's token: admins must connect it again */
  'channel.needs_reauth': z.object({ channel_id: z.uuid(), channel_name: z.string() }),
};
