import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../platform/modules/define-module.ts';
import { perApp } from '../../platform/modules/per-app.ts';
import { OutboundError } from '../../platform/outbound/outbound-error.ts';
import { loadVapidKeys, type VapidKeys, vapidSubject } from './vapid.ts';
import { type PushSubscriptionRow, pushSubscriptions } from './webpush.tables.ts';

/** how long a push service keeps a notification for a browser that is offline */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 15_000;
export const SEND_MAX_ATTEMPTS = 6;
/** 30 s, 1, 2, 4, 8 min: a push service's hiccup, not a long outage */
export const sendBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

const sendPayload = z.object({
  subscription_id: z.uuid(),
  /** whom the notification is for: a subscription that moved to another user since gets nothing */
  user_id: z.uuid(),
  push: z.object({
    title: z.string(),
    body: z.string(),
    url: z.string(),
    notification_id: z.string().optional(),
  }),
});
export type SendPayload = z.input<typeof sendPayload>;

/** The push service answered a status worth trying again (5xx, 429): the queue retries with backoff. */
class PushServiceBusy extends Error {}

/** Push endpoints are https, posted to as given: no redirect followed, the status is the push service's own. */
export const PUSH_DESTINATION = { httpsOnly: true } as const;
/** a push service answers a few bytes; more is not read */
const ANSWER_MAX_BYTES = 64 * 1024;

/** Posts the encrypted notification through the safe client; answers the push service's status. */
async function post(ctx: AppContext, keys: VapidKeys, row: PushSubscriptionRow, push: object): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(push),
    {
      vapidDetails: { subject: await vapidSubject(ctx.settings), ...keys },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await ctx.outbound.request(details.endpoint, {
    ...PUSH_DESTINATION,
    method: 'POST',
    headers,
    body: details.body ? new Uint8Array(details.body) : undefined,
    maxBytes: ANSWER_MAX_BYTES,
    timeoutMs: SEND_TIMEOUT_MS,
    acceptStatus: () => true,
  });
  return response.status;
}

/** This app's VAPID keys, read (or made) once; a failed read is tried again next time. */
export const vapidOf = perApp((ctx) => {
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= loadVapidKeys(ctx).catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
});

/** One notification posted to one browser's push service. */
export const webPushSendJob = defineJob({
  name: 'webpush.send',
  version: 1,
  queue: 'webpush',
  payload: sendPayload,
  maxAttempts: SEND_MAX_ATTEMPTS,
  backoffMs: sendBackoffMs,
  keepWhenFinished: ({ subscription_id, user_id, push }) => ({
    subscription_id,
    user_id,
    notification_id: push.notification_id,
  }),
  async handle({ subscription_id, user_id, push }, { log, app: ctx }: AppJob) {
    const { database } = ctx;
    const mine = and(eq(pushSubscriptions.id, subscription_id), eq(pushSubscriptions.userId, user_id));
    const [row] = await database.platform((db) => db.select().from(pushSubscriptions).where(mine));
    if (!row) return; // unsubscribed, or the browser subscribed for someone else since
    const origin = new URL(row.endpoint).origin;
    let status: number;
    try {
      status = await post(ctx, await vapidOf(ctx)(), row, push);
    } catch (error) {
      if (!(error instanceof OutboundError) || error.kind !== 'refused') throw error;
      // an endpoint on a refused address (stored before the rule, or a name that resolves there): nothing is
      // sent and nothing is removed, so its answers can never tell anyone about an internal service
      log.warn({ origin, reason: error.message }, 'push endpoint refused, not sent');
      return;
    }
    const same = and(mine, eq(pushSubscriptions.endpoint, row.endpoint));
    if (status >= 200 && status < 300) {
      await database.platform((db) => db.update(pushSubscriptions).set({ lastUsedAt: sql`now()` }).where(same));
    } else if (status === 404 || status === 410) {
      // the browser's subscription expired or was revoked: it never comes back
      await database.platform((db) => db.delete(pushSubscriptions).where(same));
      log.info({ status, origin }, 'push subscription gone, removed');
    } else if (status === 429 || status >= 500) {
      throw new PushServiceBusy(`the push service at ${origin} answered ${status}`);
    } else {
      log.warn({ status, origin }, 'the push service refused a notification');
    }
  },
});
