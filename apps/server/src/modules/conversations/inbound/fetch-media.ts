import { LIMITS } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { GraphError } from '../../../integrations/meta/graph-client.ts';
import * as whatsapp from '../../../integrations/meta/whatsapp.ts';
import { defineJob } from '../../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../../platform/modules/define-module.ts';
import { OutboundError } from '../../../platform/outbound/outbound-error.ts';
import { type ChannelRow, channelNeedsReauth, channels } from '../../channels/index.ts';
import { statusesChanged } from '../announce.ts';
import { type MessageRow, messages } from '../conversations.tables.ts';

/** The kinds of message that carry a file. */
export const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker', 'file']);
const ATTEMPTS = 5;

/** Where a message's file is: WhatsApp names a media id to resolve with Graph, Messenger and Instagram a URL. */
function sourceOf(message: MessageRow): { mediaId: string } | { url: string } | null {
  const content = message.content as { id?: unknown; attachments?: { payload?: { url?: unknown } }[] };
  if (typeof content.id === 'string') return { mediaId: content.id };
  const url = content.attachments?.[0]?.payload?.url;
  return typeof url === 'string' ? { url } : null;
}

/**
 * A received file is fetched from Meta after its message is stored (never inside the webhook's transaction) and
 * kept by the storage adapter; the message then carries it. A file over the upload limit is left at Meta and the
 * message says so; so does a URL that is not Meta's (`graph.download` refuses it); a refused token flags the channel.
 * Each outcome is a `message.status_changed`.
 */
export const fetchMediaJob = defineJob({
  name: 'messages.fetch-media',
  version: 1,
  queue: 'media',
  payload: z.object({ message_id: z.uuid() }),
  maxAttempts: ATTEMPTS,
  handle: async ({ message_id }, job: AppJob) => {
    const ctx = job.app;
    const found = await job.inWorkspace(async (tx) => {
      const [row] = await tx
        .select({ message: messages, channel: channels })
        .from(messages)
        .innerJoin(channels, eq(channels.id, messages.channelId))
        .where(eq(messages.id, message_id));
      return row && !row.message.mediaKey ? row : null;
    });
    const source = found && sourceOf(found.message);
    if (!found || !source) return;
    const record = (changes: Partial<MessageRow>) =>
      job.inWorkspace(async (tx) => {
        const changed = await tx
          .update(messages)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(messages.id, message_id))
          .returning();
        await statusesChanged(ctx.events, tx, found.message.workspaceId, changed);
      });
    try {
      const file = await download(ctx, found.channel, source);
      const key = await ctx.storage.put(found.message.workspaceId, file.bytes);
      await record({ mediaKey: key, mediaType: file.contentType });
    } catch (error) {
      if (error instanceof OutboundError) {
        // a URL off Meta's content hosts (a delivery can name any): never fetched, never retried
        job.log.warn({ reason: error.message }, 'media URL refused');
        await record({ content: { ...found.message.content, media_unavailable: 'refused' } });
        return;
      }
      if (!(error instanceof GraphError)) throw error;
      if (error.transient && job.attempt < ATTEMPTS) throw error;
      await record({
        content: { ...found.message.content, media_unavailable: error.tooLarge ? 'too_large' : error.title },
      });
      if (error.tokenRejected)
        await ctx.database.withWorkspace(found.channel.workspaceId, (tx) => channelNeedsReauth(ctx, tx, found.channel));
    }
  },
});

function download(ctx: AppContext, channel: ChannelRow, source: { mediaId: string } | { url: string }) {
  if ('url' in source) return ctx.graph.download(source.url, null, LIMITS.uploadMaxBytes);
  const token = channel.accessTokenSealed ? ctx.secrets.open(channel.accessTokenSealed) : '';
  return whatsapp.downloadMedia(ctx.graph, token, source.mediaId, LIMITS.uploadMaxBytes);
}
