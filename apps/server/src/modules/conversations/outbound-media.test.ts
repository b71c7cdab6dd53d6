import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { bearer, json } from '../../../test/test-app.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { join } from '../teams/test-helpers.ts';
import { outboundAttachments } from './outbound/attachments.tables.ts';
import {
  deliverSigned,
  inboxTest,
  messengerCustomerWrote,
  PAGE_ID,
  PHONE_NUMBER_ID,
  PSID,
  WHATSAPP_TOKEN,
  whatsappCustomerWrote,
} from './test-helpers.ts';

const inbox = inboxTest();
let { graph, t, r } = inbox;
beforeEach(() => {
  ({ graph, t, r } = inbox);
});
afterEach(() => vi.restoreAllMocks());

const HOUR = 3600 * 1000;
const PHOTO = Buffer.from('\x89PNG\r\n\x1a\n an agent photo');
const PDF = Buffer.from('%PDF-1.7 an invoice');
const LINK = /^http:\/\/chat\.test\/public\/v1\/media\/[\w-]+\.[\w-]+$/;

const _deliver = (channelId: string, payload: object) => deliverSigned(t, channelId, payload);

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(filename: string, type: string, content: Buffer) {
  const boundary = '----omnichat-attachment-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}
const upload = (token: string, conversationId: string, filename: string, type: string, content: Buffer) => {
  const body = multipart(filename, type, content);
  return t.app.inject({
    method: 'POST',
    url: `/v1/conversations/${conversationId}/attachments`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const send = (token: string, conversationId: string, body: object) =>
  r.post(`/v1/conversations/${conversationId}/messages`, token, body);
/** The public link's path, as Meta would fetch it from the public URL. */
const pathOf = (link: string) => new URL(link).pathname;

const whatsappCustomer = (minutesAgo: number) => whatsappCustomerWrote(inbox, minutesAgo);
const messengerCustomer = (hoursAgo: number, pageId = PAGE_ID) => messengerCustomerWrote(inbox, hoursAgo * 60, pageId);

const attachmentCount = (workspaceId: string) =>
  t.database.withWorkspace(workspaceId, async (tx) => (await tx.select().from(outboundAttachments)).length);

describe('uploading and sending files', () => {
  it('sends an uploaded image to WhatsApp by a public link that serves the file, and refuses a tampered or expired one', async () => {
    const { owner, conversation } = await whatsappCustomer(10);
    const uploaded = await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = json(uploaded).data;
    expect(attachment).toEqual({
      attachment_id: expect.any(String),
      media_type: 'image/png',
      size: PHOTO.length,
      filename: 'shoe.png',
    });

    const answer = await send(owner.token, conversation.id, {
      type: 'image',
      attachment_id: attachment.attachment_id,
      caption: 'Your shoe',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const message = json(answer).data;
    expect(message).toMatchObject({
      direction: 'outbound',
      type: 'image',
      text: 'Your shoe',
      status: 'sent',
      media_type: 'image/png',
      external_id: expect.stringMatching(/^wamid\./),
    });
    const [request] = graph.sent();
    expect(request).toMatchObject({
      path: `/${PHONE_NUMBER_ID}/messages`,
      authorization: WHATSAPP_TOKEN,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '85251234567',
        type: 'image',
        image: { link: expect.stringMatching(LINK), caption: 'Your shoe' },
      },
    });

    // Meta fetches the link without any credentials
    const link = pathOf((request!.body as { image: { link: string } }).image.link);
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PHOTO)).toBe(true);

    // the agents' thread shows the sent file through the members-only route
    const own = await t.app.inject({ method: 'GET', url: message.media_url, headers: bearer(owner.token) });
    expect(own.rawPayload.equals(PHOTO)).toBe(true);

    const [payload, signature] = link.slice('/public/v1/media/'.length).split('.');
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    for (const tampered of [
      `${flip(payload!, 5)}.${signature}`,
      `${payload}.${flip(signature!, 0)}`,
      `${payload}.${flip(signature!, signature!.length - 1)}`,
      `${payload}.`,
      payload!,
      `${payload}.${signature}.x`,
    ])
      expect((await t.app.inject({ method: 'GET', url: `/public/v1/media/${tampered}` })).statusCode).toBe(404);
    // another organization's key in a payload of one's own making is not signed
    const forged = Buffer.from(JSON.stringify({ k: 'x/y', t: 'text/html', e: 9_999_999_999 })).toString('base64url');
    expect((await t.app.inject({ method: 'GET', url: `/public/v1/media/${forged}.${signature}` })).statusCode).toBe(
      404,
    );

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 25 * HOUR);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('sends a document with its file name and an audio without a caption, and refuses a file of another kind', async () => {
    const { owner, conversation } = await whatsappCustomer(10);
    const pdf = json(await upload(owner.token, conversation.id, 'invoice-42.pdf', 'application/pdf', PDF)).data;
    const audio = json(await upload(owner.token, conversation.id, 'note.m4a', 'audio/x-m4a', Buffer.from('m4a'))).data;
    expect(audio.media_type).toBe('audio/mp4');

    const wrong = await send(owner.token, conversation.id, { type: 'image', attachment_id: pdf.attachment_id });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toBe("the file's type does not match the message type");
    expect(graph.sent()).toEqual([]);

    await send(owner.token, conversation.id, {
      type: 'document',
      attachment_id: pdf.attachment_id,
      caption: 'Invoice',
    });
    await send(owner.token, conversation.id, { type: 'audio', attachment_id: audio.attachment_id, caption: 'ignored' });
    const [document, voice] = graph.sent().map((request) => request.body as Record<string, object>);
    expect(document).toMatchObject({
      type: 'document',
      document: { link: expect.stringMatching(LINK), caption: 'Invoice', filename: 'invoice-42.pdf' },
    });
    expect(voice).toMatchObject({ type: 'audio', audio: { link: expect.stringMatching(LINK) } });
    expect(voice!.audio).not.toHaveProperty('caption');
  });

  it('refuses a file type that cannot be sent, a missing file and one over 16 MB, storing nothing', async () => {
    const { owner, conversation } = await whatsappCustomer(10);
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['archive.zip', 'application/zip'],
      ['setup.exe', 'application/octet-stream'],
      ['drawing.svg', 'image/svg+xml'],
    ] as const) {
      const refused = await upload(owner.token, conversation.id, name, type, Buffer.from('<html></html>'));
      expect(refused.statusCode, name).toBe(400);
      expect(json(refused).error).toMatch(/^this type of file cannot be sent: choose a JPEG/);
    }
    // a file named for what it is when the browser gave no type
    const named = await upload(owner.token, conversation.id, 'photo.JPG', 'application/octet-stream', PHOTO);
    expect(json(named).data.media_type).toBe('image/jpeg');

    const none = await r.post(`/v1/conversations/${conversation.id}/attachments`, owner.token, { file: 'x' });
    expect(none.statusCode).toBe(400);
    expect(json(none).error).toBe('choose a file to send');
    const large = await upload(
      owner.token,
      conversation.id,
      'big.mp4',
      'video/mp4',
      Buffer.alloc(16 * 1024 * 1024 + 1),
    );
    expect(large.statusCode).toBe(413);
    expect(json(large).error).toBe('File size exceeds 16 MB limit');
    expect(await attachmentCount(owner.workspaceId)).toBe(1);
  });

  it("keeps an attachment to its organization and conversation: another organization's member can neither send nor upload", async () => {
    const { owner, conversation } = await whatsappCustomer(10);
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    const other = await messengerCustomer(1, '200000000000002');
    const theirs = await send(other.owner.token, other.conversation.id, {
      type: 'image',
      attachment_id: attachment.attachment_id,
    });
    expect(theirs.statusCode).toBe(400);
    expect(json(theirs).error).toBe('this file was not uploaded to this conversation: upload it again');
    const mine = await send(other.owner.token, conversation.id, {
      type: 'image',
      attachment_id: attachment.attachment_id,
    });
    expect(mine.statusCode).toBe(404);
    expect((await upload(other.owner.token, conversation.id, 'x.png', 'image/png', PHOTO)).statusCode).toBe(404);
    expect(graph.sent()).toEqual([]);
    expect(await attachmentCount(other.owner.workspaceId)).toBe(0);
  });

  it('refuses uploads and sends to a viewer without conversation_write, changing nothing', async () => {
    const { owner, conversation } = await whatsappCustomer(10);
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    const viewer = await join(t, owner.workspaceId, 'viewer', ['conversation_read']);
    expect((await upload(viewer.token, conversation.id, 'x.png', 'image/png', PHOTO)).statusCode).toBe(403);
    for (const body of [
      { type: 'image', attachment_id: attachment.attachment_id },
      { type: 'template', template: { name: 'order_update', language: 'en_US' } },
    ])
      expect((await send(viewer.token, conversation.id, body)).statusCode).toBe(403);
    expect(await attachmentCount(owner.workspaceId)).toBe(1);
    expect(graph.sent()).toEqual([]);
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread).toHaveLength(1);
  });

  it('keeps a media send waiting when Graph throttles and sends it, link and all, on the retry', async () => {
    const { owner, conversation } = await whatsappCustomer(5);
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    graph.failNext({ method: 'POST' }, { status: 400, code: 130429, message: 'Rate limit hit' });
    const waiting = json(
      await send(owner.token, conversation.id, {
        type: 'image',
        attachment_id: attachment.attachment_id,
        caption: 'Hi',
      }),
    ).data;
    expect(waiting.status).toBe('wait_to_send');
    await t.database.unsafeCrossTenant('test runs the retry now', (tx) => tx.update(jobs).set({ runAt: new Date(0) }));
    await t.app.jobs.drain();
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread.at(-1)).toMatchObject({
      id: waiting.id,
      type: 'image',
      text: 'Hi',
      status: 'sent',
      external_id: expect.stringMatching(/^wamid\./),
    });
    const sent = graph.sent();
    expect(sent).toHaveLength(2);
    const retried = sent[1]!.body as { type: string; image: { link: string; caption: string } };
    expect(retried).toMatchObject({ type: 'image', image: { link: expect.stringMatching(LINK), caption: 'Hi' } });
    const file = await t.app.inject({ method: 'GET', url: pathOf(retried.image.link) });
    expect(file.rawPayload.equals(PHOTO)).toBe(true);
  });
});

describe('templates', () => {
  it('sends a WhatsApp template outside the 24-hour window, where text is still refused', async () => {
    const { owner, conversation } = await whatsappCustomer(25 * 60);
    const refused = await send(owner.token, conversation.id, { type: 'text', text: 'Still there?' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe("the customer's 24-hour reply window has closed: send a template message");
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    expect(
      (await send(owner.token, conversation.id, { type: 'image', attachment_id: attachment.attachment_id })).statusCode,
    ).toBe(400);
    expect(graph.sent()).toEqual([]);

    const template = {
      name: 'order_update',
      language: 'en_US',
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-1042' }] }],
    };
    const answer = await send(owner.token, conversation.id, { type: 'template', template });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).data).toMatchObject({
      type: 'template',
      text: '[template] order_update',
      content: { template },
      status: 'sent',
      external_id: expect.stringMatching(/^wamid\./),
    });
    expect(graph.sent()[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '85251234567',
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' }, components: template.components },
    });
    const [listed] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(listed.last_message_preview).toBe('[template] order_update');
    expect(
      (await send(owner.token, conversation.id, { type: 'template', template: { name: 'Bad Name', language: 'en' } }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a template on Messenger', async () => {
    const { owner, conversation } = await messengerCustomer(1);
    const answer = await send(owner.token, conversation.id, {
      type: 'template',
      template: { name: 'order_update', language: 'en_US' },
    });
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error).toBe('template messages can only be sent on WhatsApp');
    expect(graph.sent()).toEqual([]);
  });
});

describe("Messenger's human-agent window", () => {
  it('answers with RESPONSE inside 24 hours and a file as an attachment with its caption after it', async () => {
    const { owner, conversation } = await messengerCustomer(1);
    const attachment = json(await upload(owner.token, conversation.id, 'invoice.pdf', 'application/pdf', PDF)).data;
    const message = json(
      await send(owner.token, conversation.id, {
        type: 'document',
        attachment_id: attachment.attachment_id,
        caption: 'Your invoice',
      }),
    ).data;
    expect(message).toMatchObject({ status: 'sent', external_id: expect.stringMatching(/^m_/) });
    const [file, caption] = graph.sent();
    expect(file).toMatchObject({
      path: `/${PAGE_ID}/messages`,
      authorization: 'page-token',
      body: {
        recipient: { id: PSID },
        messaging_type: 'RESPONSE',
        message: { attachment: { type: 'file', payload: { url: expect.stringMatching(LINK), is_reusable: true } } },
      },
    });
    expect(caption!.body).toEqual({
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: { text: 'Your invoice' },
    });
    const served = await t.app.inject({
      method: 'GET',
      url: pathOf(
        (file!.body as { message: { attachment: { payload: { url: string } } } }).message.attachment.payload.url,
      ),
    });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('tags text and files HUMAN_AGENT 30 hours after the last message', async () => {
    const { owner, conversation } = await messengerCustomer(30);
    const text = await send(owner.token, conversation.id, { type: 'text', text: 'Sorry for the wait' });
    expect(json(text).data).toMatchObject({ status: 'sent', external_id: expect.stringMatching(/^m_/) });
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    await send(owner.token, conversation.id, { type: 'image', attachment_id: attachment.attachment_id });
    const [first, second] = graph.sent();
    expect(first!.body).toEqual({
      recipient: { id: PSID },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'Sorry for the wait' },
    });
    expect(second!.body).toMatchObject({
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { attachment: { type: 'image', payload: { url: expect.stringMatching(LINK), is_reusable: true } } },
    });
    expect(graph.sent()).toHaveLength(2);
  });

  it('refuses text and files 8 days after the last message', async () => {
    const { owner, conversation } = await messengerCustomer(8 * 24);
    const refused = await send(owner.token, conversation.id, { type: 'text', text: 'Hello?' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe("the customer's 7-day reply window has closed: wait for them to write again");
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    const file = await send(owner.token, conversation.id, { type: 'image', attachment_id: attachment.attachment_id });
    expect(json(file).error).toBe("the customer's 7-day reply window has closed: wait for them to write again");
    expect(graph.sent()).toEqual([]);
  });
});

describe('web chat', () => {
  it('stores a file sent to a visitor as sent, with nothing for Graph', async () => {
    const owner = await createOwner(t);
    const channel = json(await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Website' })).data;
    const visitor = (path: string, payload: object, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/public/v1/webchat/${channel.widget_key}${path}`,
        headers: token ? bearer(token) : {},
        payload,
      });
    const { visitor_token } = json(await visitor('/visitors', {})).data;
    await visitor('/messages', { text: 'Hello', client_id: crypto.randomUUID() }, visitor_token);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const attachment = json(await upload(owner.token, conversation.id, 'shoe.png', 'image/png', PHOTO)).data;
    const message = json(
      await send(owner.token, conversation.id, { type: 'image', attachment_id: attachment.attachment_id }),
    ).data;
    expect(message).toMatchObject({ type: 'image', status: 'sent', text: null, media_type: 'image/png' });
    const own = await t.app.inject({ method: 'GET', url: message.media_url, headers: bearer(owner.token) });
    expect(own.rawPayload.equals(PHOTO)).toBe(true);
    expect(graph.sent()).toEqual([]);
  });
});
