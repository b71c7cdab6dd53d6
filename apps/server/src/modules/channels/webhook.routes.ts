import { createHash, timingSafeEqual } from 'node:crypto';
import { translate } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { localeOf, sendError } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { channelOfWebhook } from './webhook-channels.ts';

export const WEBHOOK_PATH = '/public/v1/channels/:channel_id/webhook';
/** Equal strings, compared in constant time whatever their lengths (their digests are). */
export const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/** Meta's webhook address of each channel: the subscription handshake (GET). */
export async function channelWebhookRoutes(app: AppInstance, ctx: AppContext) {
  app.get(WEBHOOK_PATH, {
    schema: {
      tags: ['channels'],
      summary: "Meta's subscription check: answers hub.challenge when hub.verify_token is the channel's",
      params: z.object({ channel_id: z.string().max(64) }),
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
}
