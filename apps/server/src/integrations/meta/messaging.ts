import { z } from 'zod';
import { answerOf } from './answer.ts';
import type { GraphClient } from './graph-client.ts';

/*
 * Messenger's and Instagram's Send API (`POST /{page-id}/messages`, Instagram through the Page linked to the
 * account), and the Page node the channel's token is checked against. Shapes follow Meta's "Send API" reference:
 * `recipient`, `messaging_type` (RESPONSE inside the 24-hour window, MESSAGE_TAG with a `tag` after it), `message`
 * with `text` or an `attachment`; the answer names `recipient_id` and `message_id`. Every failure is a GraphError.
 */

/** The message tags the Send API takes outside the 24-hour window; HUMAN_AGENT lets a person answer for 7 days. */
export type MessageTag = 'HUMAN_AGENT' | 'ACCOUNT_UPDATE' | 'CONFIRMED_EVENT_UPDATE' | 'POST_PURCHASE_UPDATE';

/** Why the message may be sent: a response (or update) inside the window, or a tag after it. */
export type MessagingType =
  | { messagingType: 'RESPONSE' | 'UPDATE' }
  | { messagingType: 'MESSAGE_TAG'; tag: MessageTag };

/** The Page sending (Instagram's linked Page) and the customer's page-scoped or Instagram-scoped id. */
export type Recipient = { pageId: string; recipientId: string } & MessagingType;

/** Meta's id of the sent message (`m_…`), null in the unlikely answer without one. */
export type Sent = { messageId: string | null };

const sentSchema = z.looseObject({ message_id: z.string().optional().catch(undefined) });

async function send(graph: GraphClient, token: string, input: Recipient, message: object): Promise<Sent> {
  const answer = await graph.post<unknown>(`${input.pageId}/messages`, token, {
    recipient: { id: input.recipientId },
    messaging_type: input.messagingType,
    ...(input.messagingType === 'MESSAGE_TAG' && { tag: input.tag }),
    message,
  });
  // a send Meta took is never retried, so an odd answer still counts as sent
  return { messageId: sentSchema.safeParse(answer).data?.message_id ?? null };
}

export function sendText(graph: GraphClient, token: string, input: Recipient & { text: string }) {
  return send(graph, token, input, { text: input.text });
}

export type AttachmentKind = 'image' | 'video' | 'audio' | 'file';

/** A file Meta fetches from a public URL (an attachment carries no caption); reusable unless told. */
export function sendAttachment(
  graph: GraphClient,
  token: string,
  input: Recipient & { kind: AttachmentKind; url: string; reusable?: boolean },
) {
  return send(graph, token, input, {
    attachment: { type: input.kind, payload: { url: input.url, is_reusable: input.reusable ?? true } },
  });
}

const pageSchema = z.looseObject({ id: z.string(), name: z.string().optional() });

/** The Page node, which answers only to a token that may use the Page: the channel's credential check. */
export async function page(graph: GraphClient, token: string, pageId: string) {
  return answerOf(pageSchema, await graph.get(pageId, token, { fields: 'id,name' }));
}
