import { createHmac, timingSafeEqual } from 'node:crypto';
import { translate } from '@omnichat/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { isTransientDatabaseError } from '../../platform/db/transient.ts';
import { localeOf, sendError } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { defineJob, type JobDefinition } from '../../platform/jobs/job-definition.ts';
import { type ChannelRow, channelOfWebhook, WEBHOOK_PATH } from '../channels/index.ts';
import { factsOf, messagesStored, statusesChanged } from './announce.ts';
import { webhookDeliveries } from './conversations.tables.ts';
import { createDeliveryWriter } from './delivery-writer.ts';
import { applyWaiting, type DeliveriesApplied } from './inbound/apply-deliveries.ts';
import type { Applied } from './inbound/apply-events.ts';
import { MEDIA_TYPES } from './inbound/fetch-media.ts';

/** Meta's deliveries are small; anything past 3 MB is refused before it is read further (413). */
export const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * Whether `header` is `sha256=` and the HMAC-SHA256 of the bytes Meta sent under the channel's app secret. The raw
 * bytes, never a re-serialised body: Meta escapes unicode and slashes, so a round trip through JSON changes them.
 */
export function signedByMeta(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected);
}

/** How soon after a channel's job ended a look for deliveries it may have missed comes. */
const RECHECK_MS = 1_000;

/**
 * `POST /public/v1/channels/:channel_id/webhook`: a signed delivery is stored with a job in the channel's
 * organization and answered at once. Each job applies every waiting delivery of its channel in the order they
 * came, under the channel's lock, so a watermark never overtakes the message it covers; the jobs of deliveries
 * already applied find nothing left.
 */
export async function webhookIngestRoutes(
  app: AppInstance,
  ctx: AppContext,
  fetchMedia: JobDefinition<z.ZodObject<{ message_id: z.ZodUUID }>>,
) {
  const { database, events, jobs, secrets } = ctx;
  const ingest = defineJob({
    name: 'channels.webhook',
    queue: 'webhooks',
    payload: z.object({ channel_id: z.uuid() }),
    maxAttempts: 5,
    handle: async ({ channel_id }, job) => {
      // one job per channel at a time (its idempotency key): it keeps going until no delivery is left
      const finish = async (tx: Tx, channel: ChannelRow, { messages, statuses }: Applied) => {
        for (const { message } of messages)
          if (MEDIA_TYPES.has(message.type)) await jobs.enqueue(fetchMedia, { message_id: message.id }, { tx });
        await messagesStored(
          events,
          tx,
          channel.workspaceId,
          messages.map(({ message, conversation }) => ({ message, conversation: factsOf(conversation, channel.type) })),
        );
        await statusesChanged(events, tx, channel.workspaceId, statuses);
      };
      const apply = (oneByOne: boolean) => job.inWorkspace((tx) => applyWaiting(tx, channel_id, oneByOne, finish));
      for (;;) {
        let batch: DeliveriesApplied | null;
        try {
          batch = await apply(false);
        } catch (error) {
          // the database being away is no fault of a delivery: the job tries again later
          if (isTransientDatabaseError(error)) throw error;
          job.log.warn({ err: error, channel_id }, 'webhook batch failed, applying its deliveries one by one');
          batch = await apply(true);
        }
        if (!batch) {
          // a delivery stored while this job ends finds the key still taken: a look shortly after catches it
          await job.inWorkspace((tx) =>
            jobs.enqueue(
              recheck,
              { channel_id },
              // no idempotency key: a look already queued by an earlier run may come before this delivery
              { tx, runAt: new Date(Date.now() + RECHECK_MS) },
            ),
          );
          return;
        }
        // where, never what: the error names places in the delivery and the failed statement, no content
        for (const [delivery_id, error] of batch.errors)
          job.log.warn({ channel_id, delivery_id, error }, 'webhook delivery set aside, wholly or in part');
      }
    },
  });
  const enqueueIngest = (tx: Tx, channelId: string, workspaceId?: string) =>
    jobs.enqueue(ingest, { channel_id: channelId }, { tx, workspaceId, idempotencyKey: `channel:${channelId}` });
  const recheck = defineJob({
    name: 'channels.webhook-recheck',
    queue: 'webhooks',
    payload: z.object({ channel_id: z.uuid() }),
    handle: ({ channel_id }, job) =>
      job.inWorkspace(async (tx) => {
        const [waiting] = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.channelId, channel_id), isNull(webhookDeliveries.processedAt)))
          .limit(1);
        if (waiting) await enqueueIngest(tx, channel_id);
      }),
  });
  jobs.define(recheck);

  // A delivery the recheck above missed (a process that stopped in between): the sweep finds deliveries waiting
  // over 30 s and queues their channel again, and removes applied deliveries after a week.
  const sweep = defineJob({
    name: 'channels.webhook-sweep',
    queue: 'webhooks',
    payload: z.object({}),
    cron: '* * * * *',
    handle: async () => {
      await database.unsafeCrossTenant('the webhook sweep queues channels whose deliveries wait', async (tx) => {
        const stale = await tx
          .selectDistinct({ channelId: webhookDeliveries.channelId, workspaceId: webhookDeliveries.workspaceId })
          .from(webhookDeliveries)
          .where(
            and(
              isNull(webhookDeliveries.processedAt),
              lt(webhookDeliveries.receivedAt, sql`now() - interval '30 seconds'`),
            ),
          );
        for (const { channelId, workspaceId } of stale) await enqueueIngest(tx, channelId, workspaceId);
        // applied deliveries are kept a week for a look, then go, a batch a minute
        await tx.execute(sql`delete from ${webhookDeliveries} where ${webhookDeliveries.id} in (
          select ${webhookDeliveries.id} from ${webhookDeliveries}
          where ${webhookDeliveries.processedAt} < now() - interval '7 days' limit 5000)`);
      });
    },
  });
  jobs.define(sweep);
  jobs.define(ingest);
  const writer = createDeliveryWriter(database, async (tx, written) => {
    for (const { channelId, workspaceId } of written) await enqueueIngest(tx, channelId, workspaceId);
  });

  await app.register(async (plain) => {
    const scope = plain as unknown as AppInstance;
    // the signature is over the bytes as sent: this address reads every body as bytes
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['channels'],
        summary: "Meta's deliveries for a channel, signed with its app secret (X-Hub-Signature-256)",
        params: z.object({ channel_id: z.string().max(64) }),
      },
      handler: async (request, reply) => {
        const locale = localeOf(request);
        const channel = await channelOfWebhook(ctx, request.params.channel_id);
        if (!channel?.appSecretSealed) return sendError(reply, 404, translate('not_found', locale));
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        if (
          !signedByMeta(raw, Array.isArray(signature) ? signature[0] : signature, secrets.open(channel.appSecretSealed))
        )
          return sendError(reply, 401, translate('webhook_signature_invalid', locale));
        const text = raw.toString('utf8');
        try {
          JSON.parse(text);
        } catch {
          return sendError(reply, 400, translate('request_invalid', locale));
        }
        // stored as the bytes Meta sent, with the deliveries that came meanwhile: answered once committed
        await writer.store(channel.workspaceId, channel.id, text);
        return reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
      },
    });
  });
}
