import { SNOOZE_MAX_DAYS } from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { type ChannelRow, channels } from '../../channels/index.ts';
import { conversationChanged, factsOf } from '../announce.ts';
import { type ConversationRow, conversations } from '../conversations.tables.ts';
import { type Actor, recordActivities } from './activities.ts';

const DAY_MS = 24 * 3600 * 1000;
const UNSNOOZED = { snoozedAt: null, snoozedUntil: null } as const;

type Row = { conversation: ConversationRow; channelType: ChannelRow['type'] };

/**
 * Closes or reopens a conversation with its activity line; either ends a snooze (reopening a snoozed one brings it
 * back). Reopening a closed one while the customer has another open conversation on the channel is a 409. Returns
 * whether anything changed.
 */
export async function changeStatus(
  events: EventBus,
  tx: Tx,
  workspaceId: string,
  { conversation, channelType }: Row,
  status: 'open' | 'closed',
  actor: Actor,
): Promise<boolean> {
  if (conversation.status === status && !(status === 'open' && conversation.snoozedAt)) return false;
  if (status === 'open' && conversation.status === 'closed') {
    const [open] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.channelId, conversation.channelId),
          eq(conversations.customerId, conversation.customerId),
          eq(conversations.status, 'open'),
        ),
      );
    if (open) throw new AppError(409, 'conversation_already_open', {}, {}, { existing: { id: open.id } });
  }
  const [after] = await tx
    .update(conversations)
    .set({ status, closedAt: status === 'closed' ? new Date() : null, ...UNSNOOZED, updatedAt: new Date() })
    .where(eq(conversations.id, conversation.id))
    .returning();
  const facts = factsOf(after!, channelType);
  await recordActivities(events, tx, workspaceId, [
    { conversation: facts, kind: status === 'closed' ? 'closed' : 'reopened', actor },
  ]);
  await conversationChanged(events, tx, workspaceId, 'status', facts, actor?.memberId ?? null);
  return true;
}

/** Ends a timed snooze when its time comes, if the conversation is still snoozed until then. */
export const snoozeEndJob = defineJob({
  name: 'conversations.snooze-end',
  version: 1,
  payload: z.object({ conversation_id: z.uuid(), until: z.iso.datetime() }),
  handle: async ({ conversation_id, until }, job: AppJob) => {
    await job.inWorkspace(async (tx) => {
      const [row] = await tx
        .select({ conversation: conversations, channelType: channels.type })
        .from(conversations)
        .innerJoin(channels, eq(channels.id, conversations.channelId))
        .where(and(eq(conversations.id, conversation_id), eq(conversations.status, 'open')));
      if (!row?.conversation.snoozedAt || row.conversation.snoozedUntil?.getTime() !== new Date(until).getTime())
        return;
      const [after] = await tx
        .update(conversations)
        .set({ ...UNSNOOZED, updatedAt: new Date() })
        .where(eq(conversations.id, conversation_id))
        .returning();
      const facts = factsOf(after!, row.channelType);
      await recordActivities(job.app.events, tx, row.conversation.workspaceId, [
        { conversation: facts, kind: 'reopened', actor: null, details: { reason: 'snooze_ended' } },
      ]);
      await conversationChanged(job.app.events, tx, row.conversation.workspaceId, 'status', facts, null);
    });
  },
});

/**
 * Snoozes an open conversation until `until` (a job brings it back then) or, when null, until the customer's next
 * message (which ends any snooze: `threads.ts`), with its activity line. A time in the past or over a year ahead
 * is a 400 on `until`; a closed conversation a 409.
 */
export async function snooze(
  { events, jobs }: { events: EventBus; jobs: JobQueue },
  tx: Tx,
  workspaceId: string,
  { conversation, channelType }: Row,
  until: Date | null,
  actor: Actor,
) {
  if (until && (until.getTime() <= Date.now() || until.getTime() > Date.now() + SNOOZE_MAX_DAYS * DAY_MS))
    throw fieldError('until', 'snooze_until_invalid');
  if (conversation.status !== 'open') throw new AppError(409, 'conversation_not_open');
  const [after] = await tx
    .update(conversations)
    .set({ snoozedAt: new Date(), snoozedUntil: until, updatedAt: new Date() })
    .where(eq(conversations.id, conversation.id))
    .returning();
  if (until)
    await jobs.enqueue(
      snoozeEndJob,
      { conversation_id: conversation.id, until: until.toISOString() },
      { tx, runAt: until, idempotencyKey: `${conversation.id}:${until.toISOString()}` },
    );
  const facts = factsOf(after!, channelType);
  await recordActivities(events, tx, workspaceId, [
    {
      conversation: facts,
      kind: 'snoozed',
      actor,
      details: { until: until ? Math.floor(until.getTime() / 1000) : null },
    },
  ]);
  await conversationChanged(events, tx, workspaceId, 'snoozed', facts, actor?.memberId ?? null);
}
