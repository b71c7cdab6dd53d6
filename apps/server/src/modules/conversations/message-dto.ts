import type { Message } from '@omnichat/contracts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { MessageRow } from './conversations.tables.ts';

/** A message as agents' clients and the inbox's events see it. */
export const toMessageDto = (row: MessageRow): Message => ({
  id: row.id,
  conversation_id: row.conversationId,
  direction: row.direction,
  sender_type:
    row.direction === 'inbound'
      ? 'customer'
      : row.senderAgentId
        ? 'ai_agent'
        : row.senderMemberId
          ? 'member'
          : 'system',
  sources: row.sources ?? null,
  type: row.type,
  text: row.text,
  content: row.content,
  status: row.status,
  external_id: row.externalId,
  media_url: row.mediaKey ? `/v1/conversations/${row.conversationId}/messages/${row.id}/media` : null,
  media_type: row.mediaType,
  error_code: row.errorCode,
  error_title: row.errorTitle,
  seq: row.seq,
  created_at: toUnixSeconds(row.sentAt),
});
