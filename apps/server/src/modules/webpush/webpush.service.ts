import { createPublicKey } from 'node:crypto';
import type { PushPayload, PushSubscriptionBody } from '@omnichat/contracts';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { fieldError } from '../../platform/errors.ts';
import { PUSH_DESTINATION, type SendPayload, vapidOf, webPushSendJob } from './webpush.job.ts';
import { pushSubscriptions } from './webpush.tables.ts';

/** each user's newest subscriptions kept: bounds the requests one notification makes the server send */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/** A P-256 public key as a browser gives it: an uncompressed point (65 bytes) on the curve. */
function isP256Point(base64url: string): boolean {
  const point = Buffer.from(base64url, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  const [x, y] = [point.subarray(1, 33), point.subarray(33)].map((part) => part.toString('base64url'));
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

export function createWebPushService(ctx: AppContext) {
  const { database } = ctx;
  const ownedBy = (userId: string, endpoint: string) =>
    and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint));

  return {
    async publicKey(): Promise<string> {
      return (await vapidOf(ctx)()).publicKey;
    },

    /**
     * Subscribes the endpoint for the user: a browser that was another user's moves to this one. Only https
     * endpoints, and none on a loopback or private address (unless OUTBOUND_HTTP_ALLOW_PRIVATE).
     */
    async register(userId: string, body: PushSubscriptionBody): Promise<void> {
      if (ctx.outbound.refusal(body.endpoint, PUSH_DESTINATION)) throw fieldError('endpoint', 'push_endpoint_refused');
      if (!isP256Point(body.p256dh)) throw fieldError('p256dh', 'request_invalid');
      if (Buffer.from(body.auth, 'base64url').length !== 16) throw fieldError('auth', 'request_invalid');
      const row = { userId, endpoint: body.endpoint, p256dh: body.p256dh, auth: body.auth };
      await database.platform(async (db) => {
        await db
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId, p256dh: row.p256dh, auth: row.auth, createdAt: sql`now()`, lastUsedAt: null },
          });
        const newest = db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(MAX_SUBSCRIPTIONS_PER_USER);
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
      });
    },

    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await database.platform((db) => db.delete(pushSubscriptions).where(ownedBy(userId, endpoint)));
    },

    async isSubscribed(userId: string, endpoint: string): Promise<boolean> {
      const rows = await database.platform((db) =>
        db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(ownedBy(userId, endpoint)).limit(1),
      );
      return rows.length > 0;
    },
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Queues one `webpush.send` job per subscription of the user (none when they have none). With `tx`, an
 * organization's transaction, the jobs belong to that organization and exist exactly when it commits. Push
 * services take about 4 KB, so long texts are clipped.
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  payload: PushPayload,
  options: { tx?: Tx } = {},
): Promise<void> {
  const select = (db: Pick<Tx, 'select'>) =>
    db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const subscriptions = options.tx ? await select(options.tx) : await ctx.database.platform(select);
  if (!subscriptions.length) return;
  const push: SendPayload['push'] = {
    title: clip(payload.title, 200),
    body: clip(payload.body, 1000),
    url: payload.url,
    ...(payload.notification_id && { notification_id: payload.notification_id }),
  };
  await ctx.jobs.enqueueMany(
    webPushSendJob,
    subscriptions.map((row) => ({ subscription_id: row.id, user_id: userId, push })),
    { tx: options.tx },
  );
}
