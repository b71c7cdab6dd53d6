import { z } from 'zod';

const about = {
  conversation_id: z.uuid(),
  customer_name: z.string(),
  channel_type: z.string(),
};

export const conversationEvents = {
  /** a conversation got an assignee or a team (`by_member_id`: who assigned it; null for the system) */
  'conversation.assigned': z.object({
    ...about,
    assignee_member_id: z.uuid().nullable(),
    team_id: z.uuid().nullable(),
    by_member_id: z.uuid().nullable(),
  }),
  /** the customer wrote in a conversation that has an assignee (one event per conversation and delivery batch) */
  'conversation.message_received': z.object({
    ...about,
    assignee_member_id: z.uuid(),
    message_id: z.uuid(),
    preview: z.string(),
  }),
  /** Meta refused a channel's token: admins must connect it again */
  'channel.needs_reauth': z.object({ channel_id: z.uuid(), channel_name: z.string() }),
};
