import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { type ChannelRow, channels } from './channels.tables.ts';

/**
 * Meta refused the channel's token (a send, a media fetch, a broadcast): the channel waits for a new one, and its
 * admins hear of it once (`channel.needs_reauth`, only when it was active).
 */
export async function channelNeedsReauth(ctx: AppContext, tx: Tx, channel: ChannelRow) {
  const [flagged] = await tx
    .update(channels)
    .set({ status: 'needs_reauth', updatedAt: new Date() })
    .where(and(eq(channels.id, channel.id), eq(channels.status, 'active')))
    .returning();
  if (flagged)
    await ctx.events.emit(
      tx,
      'channel.needs_reauth',
      { channel_id: flagged.id, channel_name: flagged.name },
      flagged.workspaceId,
    );
}
