import { translate } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { localeOf, sendError } from '../../../platform/http/error-handler.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { createDeliveryWriter } from './delivery-writer.ts';
import { sameSecret, signedByMeta } from './signatures.ts';
import { appSecretOf, channelOfWebhook } from './webhook-channels.ts';
import { enqueueIngest } from './webhook-jobs.ts';

const WEBHOOK_PATH = '/public/v1/channels/:channel_id/webhook';
/** Meta's deliveries are small; anything past 3 MB is refused before it is read further (413). */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;
const params = z.object({ channel_id: z.string().max(64) });

/**
 * Meta's webhook address of each channel: the subscription handshake (GET), and deliveries (POST), each signed
 * one stored with a job in the channel's organization (`webhookIngestJob`) and answered once committed.
 */
export async function channelWebhookRoutes(app: AppInstance, ctx: AppContext) {
  app.get(WEBHOOK_PATH, {
    schema: {
      tags: ['channels'],
      summary: "Meta's subscription check: answers hub.challenge when hub.verify_token is the channel's",
      params,
      querystring: z.object({
        'hub.mode': z.string().max(64).optional(),
        'hub.verify_token': z.string().max(1000).optional(),
        'hub.challenge': z.string().max(1000).optional(),
      }),
    },
    handler: async (request, reply) => {
      const channel = await channelOfWebhook(ctx, request.params.channel_id);
      if (!channel || channel.type === 'webchat')
        return sendError(reply, 404, translate('not_found', localeOf(request)));
      const query = request.query;
      const verified =
        query['hub.mode'] === 'subscribe' &&
        channel.verifyToken !== null &&
        sameSecret(query['hub.verify_token'] ?? '', channel.verifyToken);
      if (!verified) return sendError(reply, 403, translate('forbidden', localeOf(request)));
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
  });

  const { database, jobs } = ctx;
  const writer = createDeliveryWriter(database, async (tx, written) => {
    for (const { channelId, workspaceId } of written) await enqueueIngest(jobs, tx, channelId, workspaceId);
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
        params,
      },
      handler: async (request, reply) => {
        const locale = localeOf(request);
        const channel = await channelOfWebhook(ctx, request.params.channel_id);
        const appSecret = channel && appSecretOf(ctx, channel);
        if (!channel || !appSecret) return sendError(reply, 404, translate('not_found', locale));
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        if (!signedByMeta(raw, Array.isArray(signature) ? signature[0] : signature, appSecret))
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
