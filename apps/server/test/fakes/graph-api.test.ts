import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from './graph-api.ts';

const PHONE_NUMBER_ID = '106540352242922';
const PAGE_ID = '200000000000001';
const TOKEN = 'EAAG-wa-token-1234';

let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
});
afterAll(() => graph.close());
beforeEach(() => graph.reset());

const call = async (path: string, init: { token?: string; method?: string; body?: unknown } = {}) => {
  const response = await fetch(`${graph.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.token !== undefined && { authorization: `Bearer ${init.token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  const body: any = await response.json();
  return { status: response.status, headers: response.headers, body };
};

describe('the fake Graph API', () => {
  it('serves under the version and records each request without it', async () => {
    expect(graph.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v23\.0$/);
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    await call(`/${PHONE_NUMBER_ID}?fields=id,verified_name`, { token: TOKEN });
    expect(graph.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: `/${PHONE_NUMBER_ID}`,
        query: { fields: 'id,verified_name' },
        authorization: TOKEN,
        body: null,
        raw: '',
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
      }),
    ]);
  });

  it('answers an object to a token allowed for it, and code 190 to any other', async () => {
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    const ok = await call(`/${PHONE_NUMBER_ID}`, { token: TOKEN });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      verified_name: expect.any(String),
      display_phone_number: expect.any(String),
      id: PHONE_NUMBER_ID,
      quality_rating: 'GREEN',
    });
    const asked = await call(`/${PHONE_NUMBER_ID}?fields=id,display_phone_number,verified_name`, { token: TOKEN });
    expect(Object.keys(asked.body).sort()).toEqual(['display_phone_number', 'id', 'verified_name']);

    for (const token of ['not-a-token', undefined]) {
      const refused = await call(`/${PHONE_NUMBER_ID}`, { token });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('www-authenticate')).toContain('"invalid_token"');
      expect(refused.body).toEqual({
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: expect.any(String),
        },
      });
    }
    // a token is allowed per object
    expect((await call(`/${PAGE_ID}`, { token: TOKEN })).body.error.code).toBe(190);
    graph.tokens.revoke(PHONE_NUMBER_ID, TOKEN);
    expect((await call(`/${PHONE_NUMBER_ID}`, { token: TOKEN })).body.error.code).toBe(190);
  });

  it('answers a Page as Graph does, with the fields it was given', async () => {
    graph.tokens.allow(PAGE_ID, 'page-token', { kind: 'page', name: 'Amy’s Bakery' });
    expect((await call(`/${PAGE_ID}`, { token: 'page-token' })).body).toEqual({ name: 'Amy’s Bakery', id: PAGE_ID });
    const missing = await call(`/${PAGE_ID}?fields=id,display_phone_number`, { token: 'page-token' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 100, message: expect.stringContaining('nonexisting field') });
  });

  it('sends a WhatsApp message, recording its body and answering a wamid', async () => {
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+852 5123 4567',
      type: 'text',
      text: { body: 'Hello Amy' },
    };
    const answer = await call(`/${PHONE_NUMBER_ID}/messages`, { token: TOKEN, body });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+852 5123 4567', wa_id: '85251234567' }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/) }],
    });
    expect(graph.sent()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/${PHONE_NUMBER_ID}/messages`,
        authorization: TOKEN,
        body,
        raw: JSON.stringify(body),
      }),
    ]);

    const read = await call(`/${PHONE_NUMBER_ID}/messages`, {
      token: TOKEN,
      body: { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN' },
    });
    expect(read).toMatchObject({ status: 200, body: { success: true } });
    expect(graph.sent((request) => (request.body as { status?: string }).status !== 'read')).toHaveLength(1);

    // WhatsApp's table gives 401 to code 190
    const refused = await call(`/${PHONE_NUMBER_ID}/messages`, { token: 'wrong', body });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(190);
  });

  it('sends through a Page with the Send API’s answer', async () => {
    graph.tokens.allow(PAGE_ID, 'page-token');
    const answer = await call(`/${PAGE_ID}/messages`, {
      token: 'page-token',
      body: { recipient: { id: '6000000000000001' }, messaging_type: 'RESPONSE', message: { text: 'Hi' } },
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { recipient_id: '6000000000000001', message_id: expect.stringMatching(/^m_/) },
    });
    // form-encoded, with the token as a parameter, as Meta's curl examples send it
    const form = await fetch(`${graph.url}/${PAGE_ID}/messages`, {
      method: 'POST',
      body: new URLSearchParams({
        recipient: "{'id':'6000000000000002'}",
        message: JSON.stringify({ text: 'Hello' }),
        access_token: 'page-token',
      }),
    });
    expect(form.status).toBe(200);
    expect(graph.sent().at(-1)?.body).toMatchObject({
      recipient: { id: '6000000000000002' },
      message: { text: 'Hello' },
    });
  });

  it('answers a scripted 130429 as many times as told, then succeeds', async () => {
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    graph.failNext(
      { method: 'POST', path: /\/messages$/ },
      {
        status: 429,
        code: 130429,
        message: '(#130429) Rate limit hit',
        details: 'Cloud API message throughput has been reached.',
      },
      2,
    );
    const body = { messaging_product: 'whatsapp', to: '85251234567', type: 'text', text: { body: 'Hi' } };
    for (let i = 0; i < 2; i++) {
      const limited = await call(`/${PHONE_NUMBER_ID}/messages`, { token: TOKEN, body });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: {
          message: '(#130429) Rate limit hit',
          type: 'OAuthException',
          code: 130429,
          error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
          fbtrace_id: expect.any(String),
        },
      });
    }
    expect((await call(`/${PHONE_NUMBER_ID}/messages`, { token: TOKEN, body })).status).toBe(200);
    expect(graph.sent()).toHaveLength(3);

    graph.failNext(
      { path: `/${PHONE_NUMBER_ID}/messages` },
      { status: 400, code: 131047, message: 'Re-engagement message' },
    );
    expect((await call(`/${PHONE_NUMBER_ID}/messages`, { token: TOKEN, body })).body.error.code).toBe(131047);
  });

  it('answers the next matching request after a delay', async () => {
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    graph.delayNext({ method: 'GET' }, 150);
    const started = Date.now();
    await call(`/${PHONE_NUMBER_ID}`, { token: TOKEN });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const again = Date.now();
    await call(`/${PHONE_NUMBER_ID}`, { token: TOKEN });
    expect(Date.now() - again).toBeLessThan(140);
  });

  it('resolves a media id to a URL on the fake, downloaded only with the token', async () => {
    const content = Buffer.from('\x89PNG fake image bytes', 'latin1');
    graph.media('880000000000001', content, 'image/png', TOKEN);
    const info = await call('/880000000000001', { token: TOKEN });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/media-download\/880000000000001$/),
      mime_type: 'image/png',
      sha256: createHash('sha256').update(content).digest('hex'),
      file_size: content.length,
      id: '880000000000001',
    });
    expect(info.body.url.startsWith(graph.url)).toBe(false);
    expect((await call('/880000000000001', { token: 'wrong' })).body.error.code).toBe(190);

    const download = await fetch(info.body.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    expect((await fetch(info.body.url)).status).toBe(401);
    expect((await fetch(info.body.url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect(graph.requests.filter((request) => request.path === '/media-download/880000000000001')).toHaveLength(3);
  });

  it('answers Graph’s code 100 to a path it does not know', async () => {
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    const unknown = await call(`/${PHONE_NUMBER_ID}/subscribed_apps`, { token: TOKEN });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
      message: expect.stringMatching(/^Unsupported get request\. Object with ID '106540352242922' does not exist/),
    });
    const deleted = await call(`/${PHONE_NUMBER_ID}`, { token: TOKEN, method: 'DELETE' });
    expect(deleted.body.error.message).toMatch(/^Unsupported delete request/);
  });

  it('keeps a WhatsApp Business Account’s message templates as Graph answers them', async () => {
    const WABA_ID = '102290129340398';
    graph.tokens.allow(WABA_ID, TOKEN);
    const definition = {
      name: 'order_shipped',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Order {{1}} shipped', example: { body_text: [['B-1']] } }],
    };
    const created = await call(`/${WABA_ID}/message_templates`, { token: TOKEN, body: definition });
    expect(created).toMatchObject({
      status: 200,
      body: { id: expect.stringMatching(/^\d{15}$/), status: 'PENDING', category: 'UTILITY' },
    });
    expect((await call(`/${WABA_ID}/message_templates`, { token: TOKEN, body: definition })).body.error.code).toBe(100);
    const { name: _, ...nameless } = definition;
    expect((await call(`/${WABA_ID}/message_templates`, { token: TOKEN, body: nameless })).body.error.message).toBe(
      '(#100) The parameter name is required.',
    );
    graph.addTemplate(WABA_ID, { name: 'welcome' });

    const first = await call(`/${WABA_ID}/message_templates?limit=1`, { token: TOKEN });
    expect(first.body).toEqual({
      data: [
        {
          name: 'order_shipped',
          parameter_format: 'POSITIONAL',
          components: definition.components,
          language: 'en_US',
          status: 'PENDING',
          category: 'UTILITY',
          id: created.body.id,
        },
      ],
      paging: {
        cursors: { before: expect.any(String), after: expect.any(String) },
        next: expect.stringContaining(`/v23.0/${WABA_ID}/message_templates?`),
      },
    });
    const last = await fetch(first.body.paging.next, { headers: { authorization: `Bearer ${TOKEN}` } });
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
    const lastPage: any = await last.json();
    expect(lastPage.data.map((t: { name: string }) => t.name)).toEqual(['welcome']);
    expect(lastPage.paging.next).toBeUndefined();
    const named = await call(`/${WABA_ID}/message_templates?fields=name,status&name=welcome`, { token: TOKEN });
    expect(named.body.data).toEqual([{ name: 'welcome', status: 'APPROVED', id: expect.any(String) }]);

    const deleted = await call(`/${WABA_ID}/message_templates?name=welcome`, { token: TOKEN, method: 'DELETE' });
    expect(deleted.body).toEqual({ success: true });
    expect(graph.templates(WABA_ID).map((t) => t.name)).toEqual(['order_shipped']);
    expect((await call(`/${WABA_ID}/message_templates`, { token: 'wrong' })).status).toBe(401);
  });

  it('takes a resumable upload in parts, with the OAuth token and each part’s offset', async () => {
    const APP_ID = '900000000000001';
    graph.tokens.allow(APP_ID, TOKEN);
    const file = Buffer.from('\x89PNG sample header image', 'latin1');
    const opened = await call(`/${APP_ID}/uploads?file_name=h.png&file_length=${file.length}&file_type=image/png`, {
      token: TOKEN,
      method: 'POST',
    });
    expect(opened.body).toEqual({ id: expect.stringMatching(/^upload:[\w-]+\?sig=[\w-]+$/) });
    const put = (bytes: Buffer, offset: number, token = TOKEN) =>
      fetch(`${graph.url}/${opened.body.id}`, {
        method: 'POST',
        headers: { authorization: `OAuth ${token}`, file_offset: String(offset) },
        body: new Uint8Array(bytes),
        // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

    expect((await put(file.subarray(0, 10), 0)).body).toEqual({ id: opened.body.id.split('?')[0], file_offset: 10 });
    expect((await put(file.subarray(10), 3)).body.error.code).toBe(100);
    expect((await put(file.subarray(10), 10, 'wrong')).body.error.code).toBe(190);
    const status = await call(`/${opened.body.id}`, { token: TOKEN });
    expect(status.body).toEqual({ id: opened.body.id.split('?')[0], file_offset: 10 });
    const done = await put(file.subarray(10), 10);
    expect(done.body).toEqual({ h: expect.any(String) });
    expect(graph.uploaded(done.body.h)).toEqual({ fileName: 'h.png', fileType: 'image/png', bytes: file });

    const refused = await call(`/${APP_ID}/uploads?file_length=5&file_type=text/html`, {
      token: TOKEN,
      method: 'POST',
    });
    expect(refused.body.error.code).toBe(100);
  });

  it('forgets requests and scripts on reset, keeping the allowed tokens', async () => {
    graph.tokens.allow(PHONE_NUMBER_ID, TOKEN);
    await call('/anything');
    graph.failNext({}, { status: 500, code: 2, message: 'Service temporarily unavailable' });
    graph.delayNext({}, 5_000);
    graph.reset();
    expect(graph.requests).toEqual([]);
    const started = Date.now();
    expect((await call(`/${PHONE_NUMBER_ID}`, { token: TOKEN })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
