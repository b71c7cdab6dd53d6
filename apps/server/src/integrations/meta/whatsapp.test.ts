import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { GraphError } from './graph-client.ts';
import { fakeGraphTest } from './test-helpers.ts';
import * as whatsapp from './whatsapp.ts';

const PHONE_NUMBER_ID = '106540352242922';
const WABA_ID = '102290129340398';
const APP_ID = '900000000000001';
const TOKEN = 'EAAG-wa-token';
const to = '85251234567';

const meta = fakeGraphTest((fake) => {
  for (const id of [PHONE_NUMBER_ID, WABA_ID, APP_ID]) fake.allow(id, TOKEN);
});
let { fake, graph } = meta;
beforeAll(() => {
  ({ fake, graph } = meta);
});

/** What the call threw, for asserting its classification. */
async function refusal(call: Promise<unknown>): Promise<GraphError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

describe('WhatsApp messages', () => {
  const recipient = { phoneNumberId: PHONE_NUMBER_ID, to };

  it('sends text, a file by link or id, and a template, in the Cloud API’s shape, answering the wamid', async () => {
    const text = await whatsapp.sendText(graph, TOKEN, { ...recipient, body: 'Hello Amy' });
    expect(text).toEqual({ messageId: expect.stringMatching(/^wamid\./), messageStatus: null });

    // a document by link, then audio by id: audio takes no caption and only a document keeps its filename
    const files = [
      {
        kind: 'document',
        media: { link: 'https://files.example/invoice.pdf' },
        caption: 'Your invoice',
        filename: 'invoice.pdf',
      },
      { kind: 'audio', media: { id: '1013859600285441' }, caption: 'dropped', filename: 'dropped.ogg' },
    ] as const;
    for (const file of files) await whatsapp.sendMedia(graph, TOKEN, { ...recipient, ...file });
    const template = await whatsapp.sendTemplate(graph, TOKEN, {
      ...recipient,
      name: 'order_update',
      language: 'en_US',
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'B-1042' }] }],
    });
    expect(template.messageStatus).toBe('accepted');

    const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
    expect(fake.sent().map((request) => request.body)).toEqual([
      { ...envelope, type: 'text', text: { body: 'Hello Amy' } },
      {
        ...envelope,
        type: 'document',
        document: { link: 'https://files.example/invoice.pdf', caption: 'Your invoice', filename: 'invoice.pdf' },
      },
      { ...envelope, type: 'audio', audio: { id: '1013859600285441' } },
      {
        ...envelope,
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en_US' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'B-1042' }] }],
        },
      },
    ]);
    expect(fake.sent().every((request) => request.path === `/${PHONE_NUMBER_ID}/messages`)).toBe(true);
    expect(fake.sent().every((request) => request.authorization === TOKEN)).toBe(true);
  });

  it('marks a message read', async () => {
    await whatsapp.markRead(graph, TOKEN, { phoneNumberId: PHONE_NUMBER_ID, messageId: 'wamid.IN' });
    expect(fake.sent()[0]!.body).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN' });
  });

  it('classifies Meta’s refusals: closed window, throughput, a revoked token, Meta’s own trouble', async () => {
    const send = () => whatsapp.sendText(graph, TOKEN, { ...recipient, body: 'Hi' });
    fake.failNext(
      { path: /\/messages$/ },
      {
        status: 400,
        code: 131047,
        message: '(#131047) Re-engagement message',
        details: 'Message failed to send because more than 24 hours have passed since the customer last replied.',
      },
    );
    const closed = await refusal(send());
    expect(closed).toMatchObject({ status: 400, code: 131047, outsideWindow: true, transient: false });
    expect(closed.tokenRejected).toBe(false);

    fake.failNext({}, { status: 429, code: 130429, message: '(#130429) Rate limit hit' });
    expect(await refusal(send())).toMatchObject({ transient: true, unavailable: false, outsideWindow: false });

    fake.failNext({}, { status: 500, code: 131000, message: 'Something went wrong', type: 'OAuthException' });
    expect(await refusal(send())).toMatchObject({ transient: true, unavailable: true });

    fake.tokens.revoke(PHONE_NUMBER_ID, TOKEN);
    const revoked = await refusal(send());
    expect(revoked).toMatchObject({ status: 401, code: 190, tokenRejected: true, transient: false });
  });
});

describe('WhatsApp media', () => {
  it('looks a media id up and downloads its file with the token', async () => {
    const content = Buffer.from('%PDF-1.7 fake');
    fake.media('1013859600285441', content, 'application/pdf', TOKEN);
    expect(await whatsapp.mediaLookup(graph, TOKEN, '1013859600285441')).toEqual({
      messaging_product: 'whatsapp',
      id: '1013859600285441',
      url: expect.stringContaining('/media-download/1013859600285441'),
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(content).digest('hex'),
      file_size: content.length,
    });
    const file = await whatsapp.downloadMedia(graph, TOKEN, '1013859600285441', 1_000);
    expect(file.contentType).toBe('application/pdf');
    expect(file.bytes.equals(content)).toBe(true);

    expect(await refusal(whatsapp.downloadMedia(graph, TOKEN, '1013859600285441', 5))).toMatchObject({
      status: 413,
      tooLarge: true,
      transient: false,
    });
    expect((await refusal(whatsapp.mediaLookup(graph, 'other-token', '1013859600285441'))).tokenRejected).toBe(true);
  });

  it('proves a token with the phone number node', async () => {
    expect(await whatsapp.phoneNumber(graph, TOKEN, PHONE_NUMBER_ID)).toEqual({
      id: PHONE_NUMBER_ID,
      display_phone_number: expect.any(String),
      verified_name: expect.any(String),
    });
    expect(fake.requests.at(-1)?.query).toEqual({ fields: 'id,display_phone_number,verified_name' });
    const refused = await refusal(whatsapp.phoneNumber(graph, 'not-a-token', PHONE_NUMBER_ID));
    expect(refused).toMatchObject({ status: 400, code: 190, tokenRejected: true, unavailable: false });
  });
});

describe('WhatsApp message templates', () => {
  const definition = {
    wabaId: WABA_ID,
    language: 'en_US',
    category: 'UTILITY' as const,
    components: [{ type: 'BODY' as const, text: 'Your order {{1}} is on its way', example: { body_text: [['B-1']] } }],
  };

  it('creates, lists page by page, and deletes templates of the account', async () => {
    const created = await whatsapp.createTemplate(graph, TOKEN, { ...definition, name: 'order_shipped' });
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'UTILITY' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/${WABA_ID}/message_templates`,
      body: { name: 'order_shipped', language: 'en_US', category: 'UTILITY', components: definition.components },
    });
    fake.addTemplate(WABA_ID, { name: 'welcome' });
    fake.addTemplate(WABA_ID, { name: 'welcome', language: 'zh_HK' });

    const first = await whatsapp.listTemplates(graph, TOKEN, { wabaId: WABA_ID, limit: 2 });
    expect(first.templates.map((t) => [t.name, t.language, t.status])).toEqual([
      ['order_shipped', 'en_US', 'PENDING'],
      ['welcome', 'en_US', 'APPROVED'],
    ]);
    expect(first.templates[0]!.components).toEqual(definition.components);
    const second = await whatsapp.listTemplates(graph, TOKEN, { wabaId: WABA_ID, limit: 2, after: first.after! });
    expect(second).toEqual({
      templates: [expect.objectContaining({ name: 'welcome', language: 'zh_HK' })],
      after: null,
    });

    await whatsapp.deleteTemplate(graph, TOKEN, {
      wabaId: WABA_ID,
      name: 'welcome',
      templateId: second.templates[0]!.id,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      query: { name: 'welcome', hsm_id: second.templates[0]!.id },
    });
    expect(fake.templates(WABA_ID).map((t) => [t.name, t.language])).toEqual([
      ['order_shipped', 'en_US'],
      ['welcome', 'en_US'],
    ]);
    await whatsapp.deleteTemplate(graph, TOKEN, { wabaId: WABA_ID, name: 'welcome' });
    expect(fake.templates(WABA_ID).map((t) => t.name)).toEqual(['order_shipped']);
  });

  it('passes Meta’s refusal of a definition on as a GraphError', async () => {
    const refused = await refusal(whatsapp.createTemplate(graph, TOKEN, { ...definition, name: 'Not Valid' }));
    expect(refused).toMatchObject({ status: 400, code: 100, transient: false, tokenRejected: false });
    expect((await refusal(whatsapp.listTemplates(graph, 'other', { wabaId: WABA_ID }))).tokenRejected).toBe(true);
  });
});

describe('the Resumable Upload API', () => {
  const file = Buffer.from(Array.from({ length: 5_000 }, (_, i) => i % 251));

  it('uploads a header sample and answers the handle a template’s media header takes', async () => {
    const handle = await whatsapp.uploadFile(graph, TOKEN, {
      appId: APP_ID,
      fileName: 'banner.png',
      fileType: 'image/png',
      bytes: file,
    });
    expect(fake.uploaded(handle)).toEqual({ fileName: 'banner.png', fileType: 'image/png', bytes: file });
    const [start, upload] = fake.requests;
    expect(start).toMatchObject({
      method: 'POST',
      path: `/${APP_ID}/uploads`,
      query: { file_name: 'banner.png', file_length: '5000', file_type: 'image/png' },
      authorization: TOKEN,
    });
    expect(upload).toMatchObject({ method: 'POST', path: expect.stringMatching(/^\/upload:/), authorization: TOKEN });
    expect(upload!.headers).toMatchObject({ authorization: `OAuth ${TOKEN}`, file_offset: '0' });

    const created = await whatsapp.createTemplate(graph, TOKEN, {
      wabaId: WABA_ID,
      name: 'spring_sale',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [handle] } },
        { type: 'BODY', text: 'Our spring sale starts today' },
      ],
    });
    expect(created.status).toBe('PENDING');
  });

  it('resumes from the offset Meta holds when the transfer drops on the way', async () => {
    fake.cutNextUpload(1_200);
    const handle = await whatsapp.uploadFile(graph, TOKEN, {
      appId: APP_ID,
      fileName: 'terms.pdf',
      fileType: 'application/pdf',
      bytes: file,
    });
    expect(fake.uploaded(handle)?.bytes.equals(file)).toBe(true);
    const calls = fake.requests.map((request) => [request.method, request.headers.file_offset ?? null]);
    expect(calls).toEqual([
      ['POST', null],
      ['POST', '0'],
      ['GET', null],
      ['POST', '1200'],
    ]);
    expect(fake.requests.at(-1)!.bytes.length).toBe(3_800);
  });

  it('gives up after three tries, and at once on a refusal', async () => {
    fake.failNext({ path: /^\/upload:/, method: 'POST' }, { status: 500, code: 2, message: 'Service unavailable' }, 3);
    const tried = whatsapp.uploadFile(graph, TOKEN, {
      appId: APP_ID,
      fileName: 'a.png',
      fileType: 'image/png',
      bytes: file,
    });
    expect(await refusal(tried)).toMatchObject({ code: 2, transient: true });
    expect(
      fake.requests.filter((request) => request.path.startsWith('/upload:') && request.method === 'POST'),
    ).toHaveLength(3);

    fake.reset();
    const refused = whatsapp.uploadFile(graph, 'not-the-app-token', {
      appId: APP_ID,
      fileName: 'a.png',
      fileType: 'image/png',
      bytes: file,
    });
    expect(await refusal(refused)).toMatchObject({ code: 190, tokenRejected: true });
    expect(fake.requests).toHaveLength(1);
  });
});
