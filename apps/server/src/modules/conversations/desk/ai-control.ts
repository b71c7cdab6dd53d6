import type { AI_HANDOFF_REASONS } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import type { ChannelRow } from '../../channels/index.ts';
import { conversationChanged, factsOf } from '../announce.ts';
import { type ConversationRow, conversations } from '../conversations.tables.ts';
import { type Actor, recordActivities } from './activities.ts';

export type AiHandoffReason = (typeof AI_HANDOFF_REASONS)[number];

/**
 * Lets the channel's AI agent answer the conversation again (`active`) or stops it (a handoff to people: a member
 * took over, or the agent itself gave up, with the reason and the model's words), with its activity line and a
 * `conversation.changed` ('ai'). Returns whether anything changed.
 */
export async function switchAi(
  events: EventBus,
  tx: Tx,
  workspaceId: string,
  { conversation, channelType }: { conversation: ConversationRow; channelType: ChannelRow['type'] },
  change: { active: true } | { active: false; reason: AiHandoffReason; note?: string },
  actor: Actor,
): Promise<boolean> {
  if (conversation.aiActive === change.active) return false;
  const [after] = await tx
    .update(conversations)
    .set({ aiActive: change.active, updatedAt: new Date() })
    .where(eq(conversations.id, conversation.id))
    .returning();
  const facts = factsOf(after!, channelType);
  await recordActivities(events, tx, workspaceId, [
    change.active
      ? { conversation: facts, kind: 'ai_resumed', actor }
      : {
          conversation: facts,
          kind: 'ai_handoff',
          actor,
          details: { ai_reason: change.reason, ...(change.note ? { ai_note: change.note.slice(0, 500) } : {}) },
        },
  ]);
  await conversationChanged(events, tx, workspaceId, 'ai', facts, actor?.memberId ?? null);
  return true;
}
