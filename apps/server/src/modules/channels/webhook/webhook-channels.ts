import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { type ChannelRow, channels } from '../channels.tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a process trusts what it read of a channel (a change or deletion is told at once over the bus). */
const KEEP_MS = 60_000;
/** An unknown id is remembered briefly, so a flood of made-up ids does not reach the database each time. */
const KEEP_UNKNOWN_MS = 5_000;
const MAX_ENTRIES = 10_000;
const BUS_CHANNEL = 'channels';

interface Entry {
  channel: ChannelRow | null;
  until: number;
}
const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) {
    const created = new Map<string, Entry>();
    ctx.cluster.subscribe(BUS_CHANNEL, (message) => created.delete((message as { id: string }).id));
    caches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/**
 * The channel a webhook address names, found before any organization is known: Meta's requests carry no token,
 * only the channel id in the address. Each process keeps what it read for a minute, so a burst of deliveries
 * does not read the channel again for each one; `forgetWebhookChannel` drops it on every process.
 */
export async function channelOfWebhook(ctx: AppContext, channelId: string): Promise<ChannelRow | null> {
  if (!UUID.test(channelId)) return null;
  const cache = cacheOf(ctx);
  const now = Date.now();
  const kept = cache.get(channelId);
  if (kept && kept.until > now) return kept.channel;
  const [row] = await ctx.database.unsafeCrossTenant('a webhook finds its channel by the id in its address', (tx) =>
    tx.select().from(channels).where(eq(channels.id, channelId)),
  );
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(channelId, { channel: row ?? null, until: now + (row ? KEEP_MS : KEEP_UNKNOWN_MS) });
  return row ?? null;
}

/** A channel changed or went: every process reads it again on its next delivery. */
export const forgetWebhookChannel = (ctx: AppContext, channelId: string) =>
  ctx.database.afterCommit(() => ctx.cluster.publish(BUS_CHANNEL, { id: channelId }));

const openedSecrets = new WeakMap<ChannelRow, string>();

/** The channel's app secret, opened once per row read: deliveries come in bursts and the row is kept a minute. */
export function appSecretOf(ctx: AppContext, channel: ChannelRow): string | null {
  if (!channel.appSecretSealed) return null;
  let secret = openedSecrets.get(channel);
  if (secret === undefined) {
    secret = ctx.secrets.open(channel.appSecretSealed);
    openedSecrets.set(channel, secret);
  }
  return secret;
}
