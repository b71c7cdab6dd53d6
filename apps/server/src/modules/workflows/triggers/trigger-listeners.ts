import type { WorkflowTriggerType } from '@omnichat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/database.ts';
import type { DomainEvent, EventType } from '../../../platform/events/catalogue.ts';
import { type AppJob, durableListener } from '../../../platform/modules/define-module.ts';
import { featureAllowed } from '../../billing/index.ts';
import { conversations, messages } from '../../conversations/index.ts';
import { type RunStart, startRuns } from '../engine/start.ts';
import type { ExecutionContext } from '../workflows.tables.ts';
import { type ActiveWorkflow, activeWorkflows } from './active-workflows.ts';
import { hasKeyword, matchesBroadcast, matchesTag, onChannel } from './match.ts';
import { answerReplyWaits } from './reply-waits.ts';

interface Subject {
  customerId: string | null;
  conversationId: string | null;
  context: ExecutionContext;
}

/**
 * Starts every active workflow of `type` that `matches`, once per event (its id is the trigger key), except a
 * workflow whose own step caused the event (the loop guard).
 */
async function startMatching(
  tx: Tx,
  job: AppJob,
  event: DomainEvent<EventType>,
  type: WorkflowTriggerType,
  subject: Subject,
  matches: (workflow: ActiveWorkflow) => boolean = () => true,
  active?: Map<string, ActiveWorkflow[]>,
) {
  const workspaceId = event.workspaceId!;
  const candidates = (active ?? (await activeWorkflows(tx, workspaceId))).get(type) ?? [];
  const matching = candidates.filter((workflow) => workflow.id !== event.causedBy?.workflow_id && matches(workflow));
  // an organization whose plan lost workflows (billing on) keeps them, switched on, but they do not run
  if (!matching.length || !(await featureAllowed(job.app, tx, workspaceId, 'workflow'))) return [];
  const starts: RunStart[] = matching.map((workflow) => ({
    workflowId: workflow.id,
    version: workflow.version,
    triggerType: type,
    triggerKey: `event:${event.id}`,
    ...subject,
  }));
  return startRuns(job.app, tx, workspaceId, starts);
}

/** Whether the message is the first of its conversation (the customer's first message opened it). */
async function opensConversation(tx: Tx, conversationId: string, messageId: string) {
  // earlier by the stored time (microseconds on PostgreSQL), the id breaking a tie: one message is the first
  const [earlier] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m where m.id = ${messageId})`,
      ),
    )
    .limit(1);
  return !earlier;
}

/** A customer's message: message triggers, a conversation it opened, and runs waiting for their reply. */
export const messageTriggerListener = durableListener({
  event: 'message.stored',
  name: 'workflow-triggers',
  wants: ({ message }) => message.direction === 'inbound',
  handle: (event, job) =>
    job.inWorkspace(async (tx) => {
      const { message, conversation } = event.data;
      const subject = {
        customerId: conversation.customer_id,
        conversationId: conversation.id,
        context: { message: { id: message.id, text: message.text ?? '' } },
      };
      const active = await activeWorkflows(tx, event.workspaceId!);
      await startMatching(
        tx,
        job,
        event,
        'trigger.message_received',
        subject,
        (workflow) => onChannel(workflow, conversation.channel_id) && hasKeyword(workflow, message.text),
        active,
      );
      const opening = (active.get('trigger.conversation_opened') ?? []).filter((workflow) =>
        onChannel(workflow, conversation.channel_id),
      );
      if (opening.length && (await opensConversation(tx, conversation.id, message.id)))
        await startMatching(
          tx,
          job,
          event,
          'trigger.conversation_opened',
          subject,
          (workflow) => onChannel(workflow, conversation.channel_id),
          active,
        );
      await answerReplyWaits(tx, job.app, conversation.id, message.text ?? '');
    }),
});

/** Conversations opened by an agent or reopened, and closed. */
export const conversationTriggerListener = durableListener({
  event: 'conversation.changed',
  name: 'workflow-triggers',
  wants: ({ change }) => change === 'created' || change === 'status',
  handle: (event, job) =>
    job.inWorkspace(async (tx) => {
      const { conversation } = event.data;
      const type = conversation.status === 'closed' ? 'trigger.conversation_closed' : 'trigger.conversation_opened';
      const subject = { customerId: conversation.customer_id, conversationId: conversation.id, context: {} };
      await startMatching(tx, job, event, type, subject, (workflow) => onChannel(workflow, conversation.channel_id));
    }),
});

/** A conversation got an assignee or a team. */
export const assignedTriggerListener = durableListener({
  event: 'conversation.assigned',
  name: 'workflow-triggers',
  handle: (event, job) =>
    job.inWorkspace(async (tx) => {
      const [conversation] = await tx
        .select({ customerId: conversations.customerId, channelId: conversations.channelId })
        .from(conversations)
        .where(eq(conversations.id, event.data.conversation_id));
      if (!conversation) return;
      const subject = { customerId: conversation.customerId, conversationId: event.data.conversation_id, context: {} };
      await startMatching(tx, job, event, 'trigger.conversation_assigned', subject, (workflow) =>
        onChannel(workflow, conversation.channelId),
      );
    }),
});

export const customerCreatedTriggerListener = durableListener({
  event: 'customer.created',
  name: 'workflow-triggers',
  handle: (event, job) =>
    job.inWorkspace((tx) =>
      startMatching(tx, job, event, 'trigger.customer_created', {
        customerId: event.data.customer.id,
        conversationId: null,
        context: {},
      }),
    ),
});

export const tagAddedTriggerListener = durableListener({
  event: 'customer.tags_added',
  name: 'workflow-triggers',
  handle: (event, job) =>
    job.inWorkspace((tx) =>
      startMatching(
        tx,
        job,
        event,
        'trigger.customer_tag_added',
        { customerId: event.data.customer_id, conversationId: null, context: {} },
        (workflow) => matchesTag(workflow, event.data.tag_ids),
      ),
    ),
});

export const broadcastReplyTriggerListener = durableListener({
  event: 'broadcast.replied',
  name: 'workflow-triggers',
  handle: (event, job) =>
    job.inWorkspace((tx) =>
      startMatching(
        tx,
        job,
        event,
        'trigger.broadcast_reply',
        {
          customerId: event.data.conversation.customer_id,
          conversationId: event.data.conversation.id,
          context: { message: { id: event.data.message_id, text: event.data.message_text ?? '' } },
        },
        (workflow) => matchesBroadcast(workflow, event.data.broadcast_ids),
      ),
    ),
});
