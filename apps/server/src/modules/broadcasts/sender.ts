import type { BroadcastParameter } from '@omnichat/contracts';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { GraphError } from '../../integrations/meta/graph-client.ts';
import * as whatsapp from '../../integrations/meta/whatsapp.ts';
import type { Tx } from '../../platform/db/database.ts';
import { defineJob } from '../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../platform/modules/define-module.ts';
import { channelPace } from '../../platform/pacing/channel-pace.ts';
import { InsufficientFundsError } from '../billing/index.ts';
import { type ChannelRow, channelNeedsReauth, channels } from '../channels/index.ts';
import { CUSTOMER_COLUMN_OF, type CustomerRow, customers } from '../customers/index.ts';
import { type BroadcastRow, broadcastRecipients, broadcasts } from './broadcasts.tables.ts';
import { announceProgress } from './progress-push.ts';
import { releaseRest, reserveForStart, settleSent } from './wallet-charge.ts';

/** the most recipients one claim marks `sending` (and sends side by side); the pace's burst bounds it further */
const BATCH_MAX = 100;
/**
 * A recipient `sending` for twice Graph's timeout has no call in flight any more: its process died between the mark
 * and the answer, so whether Meta took it is unknown, and it is never sent again.
 */
const staleSendingMs = (ctx: AppContext) => 2 * ctx.graph.timeoutMs;
const IDLE_WAIT_MS = 250;
/** one lane (a batch's claim, sends and record after another) per this many messages per second of the channel */
const LANE_RATE = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The sender of one broadcast (one job per broadcast and run, never one per recipient): claims batches of pending
 * recipients, takes the channel's pace, sends them, records the outcome. Durable: a process that dies leaves the job
 * to run again (heartbeat), and the sweeper (`broadcastSweepJob`) starts any sending broadcast without a job.
 */
export const broadcastSendJob = defineJob({
  name: 'broadcasts.send',
  version: 1,
  queue: 'broadcasts',
  payload: z.object({ broadcast_id: z.uuid() }),
  maxAttempts: 20,
  backoffMs: (attempt) => Math.min(5_000 * 2 ** (attempt - 1), 60_000),
  handle: ({ broadcast_id }, job: AppJob) => sendBroadcast(job.app, job.workspaceId!, broadcast_id),
});

type Claimed = { id: string; customerId: string | null; phone: string | null; retries: number };
type Outcome = {
  id: string;
  status: 'sent' | 'failed' | 'pending' | 'unknown';
  external_id: string | null;
  error_code: string | null;
  error_title: string | null;
  delay_ms: number;
};

/** Body parameters in the order of their keys ({{1}}, {{2}}, ...), a field's value taken from the customer. */
export function parametersFor(parameters: BroadcastParameter[], customer: CustomerRow | undefined) {
  return [...parameters]
    .sort((a, b) => Number(a.key) - Number(b.key))
    .map((parameter) => {
      if ('value' in parameter) return { type: 'text', text: parameter.value };
      const column = CUSTOMER_COLUMN_OF[parameter.field as keyof typeof CUSTOMER_COLUMN_OF];
      const value = customer && column ? customer[column] : null;
      return { type: 'text', text: typeof value === 'string' ? value : '' };
    });
}

async function sendBroadcast(ctx: AppContext, workspaceId: string, broadcastId: string) {
  const inWorkspace = <T>(work: (tx: Tx) => Promise<T>) => ctx.database.withWorkspace(workspaceId, work);
  const start = await inWorkspace(async (tx) => {
    const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.id, broadcastId)).for('update');
    if (!row) return null;
    let broadcast = row;
    // the job runs at `send_at` (its run time): a scheduled broadcast starts now, if the wallet covers it
    if (row.status === 'scheduled') {
      if (!(await reserveOrPause(ctx, tx, row))) return null;
      [broadcast] = (await tx
        .update(broadcasts)
        .set({ status: 'sending', startedAt: row.startedAt ?? new Date(), updatedAt: new Date() })
        .where(eq(broadcasts.id, broadcastId))
        .returning()) as [BroadcastRow];
    }
    if (broadcast.status !== 'sending') return null;
    const [channel] = await tx.select().from(channels).where(eq(channels.id, broadcast.channelId));
    return { broadcast, channel: channel! };
  });
  if (!start) return;
  const { broadcast, channel } = start;
  if (channel.status === 'needs_reauth' || !channel.accessTokenSealed || !channel.phoneNumberId) {
    await inWorkspace((tx) => pauseForToken(ctx, tx, broadcast, channel));
    await announceProgress(ctx, workspaceId, [broadcastId]);
    return;
  }
  const token = ctx.secrets.open(channel.accessTokenSealed);
  const pace = channelPace(ctx, channel.id, channel.messagesPerSecond);
  const batch = Math.max(1, Math.min(BATCH_MAX, pace.rate.burst));
  // a batch's round trips (claim, Graph calls, record) take longer than its tenth of a second at high rates: lanes
  // overlap them, each waiting its turn at the channel's one bucket, so the pace stays the channel's
  const lanes = Math.max(1, Math.ceil(channel.messagesPerSecond / LANE_RATE));
  let stopped = false;

  const lane = async () => {
    while (!stopped) {
      await pace.waitFor(batch);
      if (stopped) return;
      const claim = await inWorkspace((tx) => claimBatch(tx, broadcastId, batch));
      if (claim === 'stopped') {
        stopped = true;
        return;
      }
      if (!claim.recipients.length) {
        const next = await inWorkspace((tx) => whatNext(ctx, tx, broadcastId));
        await announceProgress(ctx, workspaceId, [broadcastId]);
        if (next === 'done') stopped = true;
        else await sleep(next);
        continue;
      }
      const { recipients, people } = claim;
      const outcomes = await Promise.all(
        recipients.map((recipient) =>
          sendOne(ctx, token, channel, broadcast, recipient, people.get(recipient.customerId ?? '')),
        ),
      );
      const rejected = outcomes.some((o) => o === 'token_rejected');
      const recorded = outcomes.map(
        (outcome, i): Outcome =>
          outcome === 'token_rejected'
            ? {
                id: recipients[i]!.id,
                status: 'pending',
                external_id: null,
                error_code: null,
                error_title: null,
                delay_ms: 0,
              }
            : outcome,
      );
      await inWorkspace(async (tx) => {
        await settleSent(ctx, tx, broadcast, await record(tx, recorded));
        if (rejected) await pauseForToken(ctx, tx, broadcast, channel);
      });
      // Meta's throughput refusals slow the whole channel: a second of its sends is taken from the shared bucket
      if (recorded.some((o) => o.status === 'pending' && o.delay_ms > 0)) await pace.take(pace.rate.ratePerSecond);
      await announceProgress(ctx, workspaceId, [broadcastId]);
      if (rejected) stopped = true;
    }
  };
  const ends = await Promise.allSettled(
    Array.from({ length: lanes }, () =>
      lane().catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  const failed = ends.find((end) => end.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Marks up to `size` pending recipients `sending` (committed before any Graph call) while holding the broadcast's
 * row FOR SHARE, so a pause or cancel (an UPDATE of that row) either comes before (nothing claimed) or waits for the
 * claim. SKIP LOCKED lets several processes claim side by side, never the same recipient.
 */
async function claimBatch(
  tx: Tx,
  broadcastId: string,
  size: number,
): Promise<{ recipients: Claimed[]; people: Map<string, CustomerRow> } | 'stopped'> {
  const [live] = await tx
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.status, 'sending')))
    .for('share');
  if (!live) return 'stopped';
  // a materialized CTE: the LIMIT and SKIP LOCKED are evaluated once (an IN subquery may be run again per row)
  const claimed = (await tx.execute(sql`
    with due as materialized (
      select id from ${broadcastRecipients}
      where broadcast_id = ${broadcastId} and status = 'pending' and (not_before is null or not_before <= now())
      order by id limit ${size} for update skip locked
    )
    update ${broadcastRecipients} r set status = 'sending', sending_at = now(), updated_at = now()
    from due where r.id = due.id
    returning r.id, r.customer_id, r.phone, r.retries`)) as unknown as {
    rows: { id: string; customer_id: string | null; phone: string | null; retries: number }[];
  };
  const recipients = claimed.rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    phone: row.phone,
    retries: Number(row.retries),
  }));
  // their customers (for the parameters' fields) in the same round of the claim's transaction
  const ids = recipients.flatMap((c) => (c.customerId ? [c.customerId] : []));
  const people = ids.length ? await tx.select().from(customers).where(inArray(customers.id, ids)) : [];
  return { recipients, people: new Map(people.map((person) => [person.id, person])) };
}

/**
 * Nothing claimable: recipients left `sending` by a dead process become `unknown`; recipients throttled for later
 * are waited for; recipients another process is sending are waited for. With none of them the broadcast is
 * completed. Answers the ms to wait, or `done`.
 */
async function whatNext(ctx: AppContext, tx: Tx, broadcastId: string): Promise<number | 'done'> {
  await tx
    .update(broadcastRecipients)
    .set({ status: 'unknown', updatedAt: sql`now()` })
    .where(
      and(
        eq(broadcastRecipients.broadcastId, broadcastId),
        eq(broadcastRecipients.status, 'sending'),
        lte(broadcastRecipients.sendingAt, sql`now() - ${`${staleSendingMs(ctx)} milliseconds`}::interval`),
      ),
    );
  const [left] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${broadcastRecipients.status} = 'pending')`.mapWith(Number),
      sending: sql<number>`count(*) filter (where ${broadcastRecipients.status} = 'sending')`.mapWith(Number),
      wait: sql<
        number | null
      >`extract(epoch from min(${broadcastRecipients.notBefore}) filter (where ${broadcastRecipients.status} = 'pending') - now()) * 1000`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(broadcastRecipients)
    .where(
      and(
        eq(broadcastRecipients.broadcastId, broadcastId),
        inArray(broadcastRecipients.status, ['pending', 'sending']),
      ),
    );
  if (left!.pending > 0) return Math.min(5_000, Math.max(IDLE_WAIT_MS, left!.wait ?? IDLE_WAIT_MS));
  if (left!.sending > 0) return 1_000;
  const [completed] = await tx
    .update(broadcasts)
    .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.status, 'sending')))
    .returning();
  if (completed) await releaseRest(ctx, tx, completed);
  return 'done';
}

/** One Graph send and what it tells; a throughput refusal goes back to pending, later, never failed. */
async function sendOne(
  ctx: AppContext,
  token: string,
  channel: ChannelRow,
  broadcast: BroadcastRow,
  recipient: Claimed,
  customer: CustomerRow | undefined,
): Promise<Outcome | 'token_rejected'> {
  const base = { id: recipient.id, external_id: null, error_code: null, error_title: null, delay_ms: 0 };
  const parameters = parametersFor(broadcast.parameters, customer);
  try {
    const sent = await whatsapp.sendTemplate(ctx.graph, token, {
      phoneNumberId: channel.phoneNumberId!,
      to: recipient.phone!,
      name: broadcast.templateName,
      language: broadcast.templateLanguage,
      ...(parameters.length && { components: [{ type: 'body', parameters }] }),
    });
    return { ...base, status: 'sent', external_id: sent.messageId };
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    if (error.tokenRejected) return 'token_rejected';
    // no answer at all: Meta may have taken it, so it is never sent again
    if (error.status === 0) return { ...base, status: 'unknown', error_title: error.title };
    if (error.transient) return { ...base, status: 'pending', delay_ms: 1_000 * 2 ** Math.min(recipient.retries, 6) };
    return {
      ...base,
      status: 'failed',
      error_code: error.code === null ? String(error.status) : String(error.code),
      error_title: error.title,
    };
  }
}

/**
 * Records a batch's outcomes in one statement (only rows still `sending`, or found `unknown` meanwhile); answers
 * the recipients it recorded `sent`, with their prices (the wallet is charged for them in the same transaction).
 */
async function record(tx: Tx, outcomes: Outcome[]) {
  const sent = (await tx.execute(sql`
    update ${broadcastRecipients} r set
      status = v.status,
      external_id = coalesce(v.external_id, r.external_id),
      error_code = v.error_code,
      error_title = v.error_title,
      sent_at = case when v.status = 'sent' then now() else r.sent_at end,
      not_before = case when v.status = 'pending' then now() + make_interval(secs => v.delay_ms / 1000.0) end,
      retries = r.retries + case when v.status = 'pending' and v.delay_ms > 0 then 1 else 0 end,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
      as v(id uuid, status text, external_id text, error_code text, error_title text, delay_ms int)
    where r.id = v.id and r.status in ('sending', 'unknown')
    returning r.id, r.status, r.price_cents`)) as unknown as {
    rows: { id: string; status: string; price_cents: number }[];
  };
  return sent.rows
    .filter((row) => row.status === 'sent')
    .map((row) => ({ id: row.id, priceCents: Number(row.price_cents) }));
}

/**
 * Holds the cost of a scheduled broadcast that starts now; a wallet that cannot cover it pauses the broadcast with
 * the reason (owners hear of it as of any broadcast that stops by itself). Answers whether it may start.
 */
async function reserveOrPause(ctx: AppContext, tx: Tx, broadcast: BroadcastRow) {
  try {
    await reserveForStart(ctx, tx, broadcast);
    return true;
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    const [paused] = await tx
      .update(broadcasts)
      .set({ status: 'paused', statusReason: 'wallet_insufficient_funds', updatedAt: new Date() })
      .where(eq(broadcasts.id, broadcast.id))
      .returning();
    await ctx.events.emit(
      tx,
      'broadcast.paused',
      {
        broadcast_id: paused!.id,
        name: paused!.name,
        channel_id: paused!.channelId,
        reason: 'wallet_insufficient_funds',
      },
      paused!.workspaceId,
    );
    return false;
  }
}

/** Meta refused the channel's token: the broadcast pauses with the reason, the channel is flagged, admins are told. */
async function pauseForToken(ctx: AppContext, tx: Tx, broadcast: BroadcastRow, channel: ChannelRow) {
  const [paused] = await tx
    .update(broadcasts)
    .set({ status: 'paused', statusReason: 'channel_token_rejected', updatedAt: new Date() })
    .where(and(eq(broadcasts.id, broadcast.id), eq(broadcasts.status, 'sending')))
    .returning();
  if (paused)
    await ctx.events.emit(
      tx,
      'broadcast.paused',
      { broadcast_id: paused.id, name: paused.name, channel_id: channel.id, reason: 'channel_token_rejected' },
      paused.workspaceId,
    );
  await channelNeedsReauth(ctx, tx, channel);
}

/**
 * Every minute: each broadcast that is sending, or scheduled and due, gets its sender job for its current run
 * (ignored while that job is queued or running). After a crash or a lost wake-up the broadcast goes on by itself.
 */
export const broadcastSweepJob = defineJob({
  name: 'broadcasts.sweep',
  version: 1,
  queue: 'broadcasts',
  payload: z.object({}),
  cron: '* * * * *',
  handle: async (_payload, job: AppJob) => {
    const ctx = job.app;
    const due = await ctx.database.unsafeCrossTenant('the sweeper restarts broadcasts of every organization', (tx) =>
      tx
        .select({ id: broadcasts.id, workspaceId: broadcasts.workspaceId, run: broadcasts.run })
        .from(broadcasts)
        .where(
          or(
            eq(broadcasts.status, 'sending'),
            and(eq(broadcasts.status, 'scheduled'), lte(broadcasts.sendAt, sql`now()`)),
          ),
        ),
    );
    for (const row of due)
      await ctx.jobs.enqueue(
        broadcastSendJob,
        { broadcast_id: row.id },
        { workspaceId: row.workspaceId, idempotencyKey: `${row.id}:${row.run}` },
      );
  },
});
