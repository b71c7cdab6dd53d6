import { z } from 'zod';

/** What an activity line of a thread records (never sent to the customer). */
export const ACTIVITY_KINDS = [
  'assigned',
  'unassigned',
  'closed',
  'reopened',
  'snoozed',
  'labels_changed',
  'ai_handoff',
  'ai_resumed',
] as const;
/** Why an AI agent stopped answering a conversation (`ai_handoff`). */
export const AI_HANDOFF_REASONS = [
  'member',
  'tool',
  'customer_asked',
  'no_answer',
  'provider_failed',
  'budget',
  'loop_guard',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const named = z.object({ id: z.uuid(), name: z.string() });
const labelRef = z.object({ id: z.uuid(), name: z.string(), color: z.string() });

/**
 * One activity: its kind, who did it (`actor`: the member and their name at the time; null when the system did,
 * e.g. an auto-assignment or a snooze ending) and its details by kind, names copied in as they were then.
 */
export const activitySchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  actor: named.nullable(),
  /** assigned: the member, the team, or every team it went to */
  assignee: named.nullable().optional(),
  team: named.nullable().optional(),
  all_teams: z.boolean().optional(),
  /** snoozed: until when (unix seconds); null until the customer's next message */
  until: z.number().nullable().optional(),
  /** reopened by the system: a snooze's time came, or the customer wrote */
  reason: z.enum(['snooze_ended', 'customer_message']).optional(),
  /** labels_changed */
  labels_added: z.array(labelRef).optional(),
  labels_removed: z.array(labelRef).optional(),
  /** ai_handoff: why (a member took over, the model called `handoff_to_human`, ...) and the model's own words */
  ai_reason: z.enum(AI_HANDOFF_REASONS).optional(),
  ai_note: z.string().optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** An activity as an item of a thread, among its messages by time. */
export const threadActivitySchema = z.object({
  id: z.uuid(),
  conversation_id: z.uuid(),
  type: z.literal('activity'),
  activity: activitySchema,
  created_at: z.number(),
});
export type ThreadActivity = z.infer<typeof threadActivitySchema>;
