import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import { type AppJob, durableListener } from '../../../platform/modules/define-module.ts';
import { channels } from '../../channels/index.ts';
import { conversations, factsOf, messages, sendSystemText } from '../../conversations/index.ts';
import { customers } from '../../customers/index.ts';
import { csAgentChannels, csAgentInstructions, csAgents } from '../cs-agents.tables.ts';
import { answerPriceCents, chargeAnswer, walletCovers } from './answer-price.ts';
import { handOff } from './handoff.ts';
import { HISTORY_TURNS, type PromptTurn } from './prompt.ts';
import { type Outcome, type Thought, think } from './think.ts';
import { budgetUsedUp, recordUsage } from './usage.ts';

/**
 * A customer's message: a job to answer it, at once. Each message has its own job, and only the job of the
 * conversation's newest customer message answers (all the unanswered ones at once): a message arriving before the
 * job ran or while the model thinks makes the older job give way, so messages in quick succession get one answer. Only inbound
 * messages reach the listener (`wants`: no query on the webhook's path), and only a channel with an agent makes a job.
 */
export const answerListener = durableListener({
  event: 'message.stored',
  name: 'cs-agent-answer',
  wants: ({ message }) => message.direction === 'inbound',
  handle: async ({ data, workspaceId }, job) => {
    // most channels have no agent: one indexed lookup instead of a job per customer message
    const [bound] = await job.inWorkspace((tx) =>
      tx
        .select({ agentId: csAgentChannels.agentId })
        .from(csAgentChannels)
        .where(eq(csAgentChannels.channelId, data.conversation.channel_id)),
    );
    if (!bound) return;
    await job.app.jobs.enqueue(
      answerJob,
      { conversation_id: data.conversation.id, seq: data.message.seq },
      {
        workspaceId,
        idempotencyKey: `${data.conversation.id}:${data.message.seq}`,
      },
    );
  },
});

type Reading = NonNullable<Awaited<ReturnType<typeof read>>> & { budgetUsedUp: boolean; walletShort: boolean };

const WALLET_SHORT = 'the wallet cannot pay for an AI answer';

/**
 * What the answer needs, read in one transaction (the conversation's row locked, so that two jobs never both
 * answer); null when the agent is not to answer, or a newer customer message than `seq` will be answered instead.
 */
async function read(tx: Tx, conversationId: string, seq: number, maxPerHour: number) {
  const [row] = await tx
    .select({ conversation: conversations, channelType: channels.type, agent: csAgents })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .innerJoin(csAgentChannels, eq(csAgentChannels.channelId, conversations.channelId))
    .innerJoin(csAgents, eq(csAgents.id, csAgentChannels.agentId))
    .where(eq(conversations.id, conversationId))
    .for('update', { of: conversations });
  if (!row) return null;
  const { conversation } = row;
  if (!conversation.aiActive || conversation.assigneeMemberId || conversation.status !== 'open') return null;
  const recent = await tx
    .select({ direction: messages.direction, type: messages.type, text: messages.text, seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), isNotNull(messages.text)))
    // storage order: a customer's message carries Meta's time, which may be earlier than our last answer's
    .orderBy(desc(messages.seq))
    .limit(HISTORY_TURNS);
  const newest = recent.find((m) => m.direction === 'inbound');
  if (newest && newest.seq !== seq) return null;
  const history: PromptTurn[] = recent
    .reverse()
    .filter((m) => m.type !== 'note')
    .map((m) => ({ from: m.direction === 'inbound' ? 'customer' : 'us', text: m.text ?? '' }));
  const last = history.at(-1);
  // answered already (the agent's answer, or a member's, came after the customer's last message)
  if (!last || last.from !== 'customer') return null;
  const unanswered = history.slice(history.findLastIndex((turn) => turn.from === 'us') + 1);
  const [answers] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        isNotNull(messages.senderAgentId),
        gt(messages.sentAt, sql`now() - interval '1 hour'`),
      ),
    );
  const instructions = await tx
    .select()
    .from(csAgentInstructions)
    .where(eq(csAgentInstructions.agentId, row.agent.id))
    .orderBy(asc(csAgentInstructions.position));
  const [customer] = await tx.select().from(customers).where(eq(customers.id, conversation.customerId));
  return {
    ...row,
    history,
    question: unanswered.map((turn) => turn.text).join('\n'),
    overLimit: maxPerHour > 0 && (answers?.n ?? 0) >= maxPerHour,
    instructions,
    customer: {
      name: customer?.displayName ?? '',
      fields: Object.fromEntries(
        Object.entries((customer?.customFields ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      ),
    },
  };
}

/** The answer, or a handoff: the loop guard and the budget first, then the agent's `think`. */
async function decide(ctx: AppContext, reading: Reading): Promise<Thought> {
  if (reading.overLimit) return { outcome: { kind: 'handoff', reason: 'loop_guard' }, passages: [] };
  if (reading.budgetUsedUp) return { outcome: { kind: 'handoff', reason: 'budget' }, passages: [] };
  if (reading.walletShort) return { outcome: { kind: 'handoff', reason: 'budget', note: WALLET_SHORT }, passages: [] };
  return think(ctx, {
    workspaceId: reading.conversation.workspaceId,
    agent: reading.agent,
    instructions: reading.instructions,
    history: reading.history,
    question: reading.question,
    customer: reading.customer,
  });
}

/**
 * Answers a conversation's unanswered customer messages as its channel's AI agent, or hands it to people. Read,
 * decide (the model, outside a transaction), then write after checking nothing changed meanwhile (a member took
 * it, the agent was unbound, another answer went out): an answer is sent through the desk's sending path with the
 * agent and its sources; a handoff is `handOff`'s.
 */
export const answerJob = defineJob({
  name: 'cs-agents.answer',
  version: 1,
  payload: z.object({ conversation_id: z.uuid(), seq: z.number().int() }),
  maxAttempts: 1,
  handle: async ({ conversation_id, seq }, job: AppJob) => {
    const ctx = job.app;
    const { 'cs_agent.max_answers_per_hour': perHour } = await ctx.settings.values(['cs_agent.max_answers_per_hour']);
    const price = await answerPriceCents(ctx);
    const reading = await job.inWorkspace(async (tx) => {
      const found = await read(tx, conversation_id, seq, Number(perHour) || 0);
      return (
        found && {
          ...found,
          budgetUsedUp: await budgetUsedUp(ctx, tx, found.agent),
          walletShort: !(await walletCovers(tx, found.conversation.workspaceId, price)),
        }
      );
    });
    if (!reading) return;
    // the visitor's widget shows the agent typing while it thinks (web chat; other channels show nothing)
    const facts = factsOf(reading.conversation, reading.channelType);
    ctx.hooks.conversationTyping(ctx.cluster, facts, true);
    const { outcome, usage } = await decide(ctx, reading).finally(() =>
      ctx.hooks.conversationTyping(ctx.cluster, facts, false),
    );
    await job.inWorkspace(async (tx) => {
      const { workspaceId } = reading.conversation;
      // the model's tokens count whatever becomes of its answer
      await recordUsage(tx, workspaceId, reading.agent.id, { ...(usage ? { usage } : {}) });
      const now = await read(tx, conversation_id, seq, 0);
      // a member took over, the agent changed, the customer wrote again, or an answer went out meanwhile
      if (!now || now.agent.id !== reading.agent.id || now.question !== reading.question) return;
      const paid =
        outcome.kind === 'answer' &&
        (await chargeAnswer(ctx, tx, {
          workspaceId,
          cents: price,
          key: `${conversation_id}:${seq}`,
          agent: now.agent,
          conversationId: conversation_id,
        }));
      if (!paid) {
        const handoff: Outcome =
          outcome.kind === 'handoff' ? outcome : { kind: 'handoff', reason: 'budget', note: WALLET_SHORT };
        const handedOver = await handOff(ctx, tx, {
          conversation: now.conversation,
          channelType: now.channelType,
          agent: now.agent,
          reason: handoff.reason,
          ...(handoff.note ? { note: handoff.note } : {}),
          customerText: now.question,
        });
        if (handedOver) await recordUsage(tx, workspaceId, now.agent.id, { handoffs: 1 });
      } else if (outcome.kind === 'answer') {
        await sendSystemText(ctx, tx, now.conversation, now.channelType, outcome.text, {
          id: now.agent.id,
          sources: outcome.sources,
        });
        await recordUsage(tx, workspaceId, now.agent.id, { answers: 1 });
      }
    });
  },
});
