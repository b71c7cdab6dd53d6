import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappMedia } from '../../../test/fakes/meta-webhooks.ts';
import { bearer, json } from '../../../test/test-app.ts';
import { deliverSigned, inboxTest, PHONE_NUMBER_ID, WHATSAPP_TOKEN, whatsappCustomerWrote } from './test-helpers.ts';

const inbox = inboxTest();
let { graph, t, r } = inbox;
beforeEach(() => {
  ({ graph, t, r } = inbox);
});

const SANDBOX = "default-src 'none'; sandbox";
const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n a customer photo');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
const DOCX = Buffer.from('PK\x03\x04 a quote');

/** The conversation's last message once the job fetching its file has run. */
async function lastMessage(token: string) {
  await t.app.jobs.drain();
  const [conversation] = json(await r.get('/v1/conversations', token)).data;
  return json(await r.get(`/v1/conversations/${conversation.id}/messages`, token)).data.at(-1);
}

/** A file the customer sends on WhatsApp, as the owner's browser then fetches it. */
async function received(
  owner: { token: string },
  channelId: string,
  file: { mediaId: string; kind: 'image' | 'document'; content: Buffer; type: string; filename?: string },
) {
  graph.media(file.mediaId, file.content, file.type, WHATSAPP_TOKEN);
  await deliverSigned(
    t,
    channelId,
    whatsappMedia({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', mimeType: file.type, ...file }),
  );
  const message = await lastMessage(owner.token);
  expect(message.media_url).toEqual(expect.any(String));
  return t.app.inject({ method: 'GET', url: message.media_url, headers: bearer(owner.token) });
}

describe('served files', () => {
  it("downloads a customer's SVG (script and all) under a sandbox, and shows a photo in place", async () => {
    const { owner, channel } = await whatsappCustomerWrote(inbox, 1);
    const svg = await received(owner, channel.id, {
      mediaId: '880000000000011',
      kind: 'document',
      content: SVG,
      type: 'image/svg+xml',
      filename: '報價 "logo".svg',
    });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect(svg.headers['content-disposition']).toBe(
      `attachment; filename="__ _logo_.svg"; filename*=UTF-8''%E5%A0%B1%E5%83%B9%20%22logo%22.svg`,
    );
    expect(svg.headers['content-security-policy']).toBe(SANDBOX);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
    expect(svg.rawPayload.equals(SVG)).toBe(true);

    const photo = await received(owner, channel.id, {
      mediaId: '880000000000012',
      kind: 'image',
      content: PHOTO,
      type: 'image/png',
    });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toBe('inline');
    expect(photo.headers['content-security-policy']).toBe(SANDBOX);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the public link of a sent document as a download of its own type, under a sandbox', async () => {
    const { owner, conversation } = await whatsappCustomerWrote(inbox, 1);
    const boundary = '----served-file-boundary';
    const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/v1/conversations/${conversation.id}/attachments`,
      headers: { ...bearer(owner.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.docx"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        DOCX,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const { attachment_id } = json(uploaded).data;
    const sent = await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'document',
      attachment_id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const link = (graph.sent().at(-1)!.body as { document: { link: string } }).document.link;
    const file = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(type);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
    expect(file.headers['content-security-policy']).toBe(SANDBOX);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
