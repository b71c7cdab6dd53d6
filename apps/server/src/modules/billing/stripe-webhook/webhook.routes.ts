import { translate } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { localeOf, sendError } from '../../../platform/http/error-handler.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { storeEvent } from './event-jobs.ts';

const WEBHOOK_PATH = '/public/v1/billing/stripe/webhook';
/** Stripe's events are small; anything larger is refused before it is read further. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * Stripe's deliveries: verified on their raw bytes with `Stripe-Signature` and the webhook secret, stored once by
 * event id and answered at once; a job applies them (`stripeEventsJob`).
 */
export async function stripeWebhookRoutes(app: AppInstance, ctx: AppContext) {
  await app.register(async (plain) => {
    const scope = plain as unknown as AppInstance;
    // the signature is over the bytes as sent: this address reads every body as bytes
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { tags: ['billing'], summary: "Stripe's events, signed with the webhook secret (Stripe-Signature)" },
      handler: async (request, reply) => {
        const locale = localeOf(request);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const signature = Array.isArray(header) ? header[0] : header;
        const secret = (await ctx.settings.values(['stripe.webhook_secret']))['stripe.webhook_secret'];
        let event: ReturnType<typeof ctx.stripe.verifyEvent>;
        try {
          if (!signature || !secret) throw new Error('unsigned');
          event = ctx.stripe.verifyEvent(raw, signature, secret);
        } catch {
          return sendError(reply, 400, translate('webhook_signature_invalid', locale));
        }
        // signed but not an event (an id, type and time): nothing to keep
        if (!eventShape.safeParse(event).success) return sendError(reply, 400, translate('request_invalid', locale));
        await storeEvent(ctx, event);
        return { received: true };
      },
    });
  });
}
