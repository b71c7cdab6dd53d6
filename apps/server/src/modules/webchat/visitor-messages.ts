import type { Message, WebchatMessage } from '@omnichat/contracts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { MessageRow } from '../conversations/index.ts';

/** The address of a message's file under the channel's widget API (`/public/v1/webchat/{key}`). */
export const filePath = (messageId: string) => `/files/${messageId}`;

/** What the visitor sees of a file: its type, name and size; `url` relative to the widget API until streamed. */
function attachmentOf(id: string, mediaType: string | null, hasFile: boolean, content: Record<string, unknown>) {
  if (!hasFile || !mediaType) return null;
  const { filename, size } = content as { filename?: unknown; size?: unknown };
  return {
    url: filePath(id),
    content_type: mediaType,
    filename: typeof filename === 'string' && filename ? filename : 'file',
    size: typeof size === 'number' ? size : null,
  };
}

/** A stored message as the visitor reads it (the list). */
export const fromRow = (row: MessageRow): WebchatMessage => ({
  id: row.id,
  direction: row.direction,
  text: row.text,
  attachment: attachmentOf(row.id, row.mediaType, row.mediaKey !== null, row.content),
  seq: row.seq,
  created_at: toUnixSeconds(row.sentAt),
});

/** A message of a `message.stored` event as the visitor reads it (the stream). */
export const fromEvent = (message: Message): WebchatMessage => ({
  id: message.id,
  direction: message.direction,
  text: message.text,
  attachment: attachmentOf(message.id, message.media_type, message.media_url !== null, message.content),
  seq: message.seq,
  created_at: message.created_at,
});
