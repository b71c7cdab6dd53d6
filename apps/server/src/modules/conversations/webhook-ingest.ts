import { createHmac, timingSafeEqual } from 'node:crypto';
import { translate } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { localeOf, sendError } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { channelOfWebhook, WEBHOOK_PATH } from '../channels/index.ts';
import { createDeliveryWriter } from './delivery-writer.ts';
import { enqueueIngest } from './webhook-jobs.ts';
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

/**
 * `POST /public/v1/channels/:channel_id/webhook`: a signed delivery is stored with a job in the channel's
 * organization (`webhookIngestJob`) and answered at once.
 */
export async function webhookIngestRoutes(app: AppInstance, ctx: AppContext) {
  const { database, jobs, secrets } = ctx;
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
