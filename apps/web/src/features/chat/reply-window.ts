import type { ConversationDetail } from '@omnichat/contracts';

const DAY_S = 24 * 3600;

export interface ReplyWindow {
  /** free-form replies and files may go out */
  open: boolean;
  /** unix seconds when the window closes; null for web chat (always open) or a customer who never wrote */
  until: number | null;
  /** Messenger and Instagram after the first 24 hours: replies go out with Meta's human-agent tag */
  tagged: boolean;
}

/**
 * The customer's reply window (SPEC 4): web chat always; WhatsApp 24 hours after their last message, then
 * templates only; Messenger and Instagram 24 hours, and up to 7 days with the human-agent tag.
 */
export function replyWindow(conversation: ConversationDetail, nowMs = Date.now()): ReplyWindow {
  if (conversation.channel_type === 'webchat') return { open: true, until: null, tagged: false };
  const now = nowMs / 1000;
  const session = conversation.session_expires_at;
  if (session === null) return { open: false, until: null, tagged: false };
  if (session > now) return { open: true, until: session, tagged: false };
  if (conversation.channel_type === 'whatsapp') return { open: false, until: session, tagged: false };
  const tagged = session + 6 * DAY_S;
  return { open: tagged > now, until: tagged, tagged: tagged > now };
}
