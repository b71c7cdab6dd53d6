/*
 * Meta webhook bodies, as Meta sends them, for tests of the WhatsApp Cloud API, Messenger and Instagram inboxes.
 *
 * Shapes follow Meta's references:
 * - WhatsApp: "Webhooks reference: messages" (text, image/video/audio/document/sticker, reaction, location,
 *   contacts, interactive incl. flow replies, button, order, system, unsupported, ad referrals) and "Status messages
 *   webhook reference", plus "Business-scoped user IDs" for users with a username
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/business-scoped-user-ids).
 * - Messenger: "messages", "message_echoes", "message_deliveries", "message_reads", "message_reactions" and
 *   "messaging_postbacks" webhook event references.
 * - Instagram: "Webhooks for Instagram Messaging" (messages, echoes on the messages field, unsent messages,
 *   story mentions and shares as attachments, messaging_seen).
 *
 * Every builder returns the whole body; `metaJson` turns it into the bytes Meta would post, `signMetaBody` signs them.
 */

export * from './meta-common.ts';
export * from './meta-messaging.ts';
export * from './meta-whatsapp.ts';
