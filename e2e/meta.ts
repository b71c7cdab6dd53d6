import { expect } from 'vitest';
import { metaJson, signMetaBody } from '../apps/server/test/fakes/meta-webhooks.ts';
import { baseUrl } from './support.ts';

/**
 * Meta posting to a channel's webhook, signed with the app secret: a payload goes as the escaped JSON Meta writes,
 * a string as those very bytes (a body whose ids are JSON numbers beyond JavaScript's exact integers).
 */
export async function metaPosts(channelId: string, payload: object | string, appSecret: string) {
  const raw = typeof payload === 'string' ? payload : metaJson(payload);
  const answer = await fetch(`${baseUrl()}/public/v1/channels/${channelId}/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(raw, appSecret) },
    body: raw,
  });
  expect(answer.status).toBe(200);
}

/**
 * Meta's `message_template_status_update` for a WhatsApp Business Account, as the raw body Meta sends: the template
 * id is a bare JSON number (up to 16 digits), so it is written into the text, never through a float.
 */
export function templateStatusUpdate(options: {
  wabaId: string;
  templateId: string;
  name: string;
  language: string;
  event: 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'PENDING';
  reason?: string;
}): string {
  if (!/^\d+$/.test(options.templateId)) throw new Error(`not a Meta id: ${options.templateId}`);
  const marker = '__TEMPLATE_ID__';
  const body = metaJson({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: options.wabaId,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event: options.event,
              message_template_id: marker,
              message_template_name: options.name,
              message_template_language: options.language,
              reason: options.reason ?? 'NONE',
            },
          },
        ],
      },
    ],
  });
  return body.replace(`"${marker}"`, options.templateId);
}
