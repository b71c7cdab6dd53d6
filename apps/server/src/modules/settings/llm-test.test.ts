import { ADMIN_PERMISSIONS } from '@omnichat/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-api.ts';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

const KEY = 'sk-provider-key-0123456789';

let fake: FakeOpenAi;
let t: TestApp;
let root: string;
beforeAll(async () => {
  fake = await startFakeOpenAi({ keys: [KEY], models: ['chat-model'] });
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  t = await createTestApp({}, { llm: { timeoutMs: 200, maxRetries: 2 } });
  root = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
});
afterEach(() => t.close());

const save = async (settings: Record<string, string>) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/v1/system-setting',
    headers: bearer(root),
    payload: { settings: Object.entries(settings).map(([key, value]) => ({ key, value })) },
  });
  return response;
};
const test = (token: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/admin/cs-agent/test', headers: bearer(token), payload });

describe('testing the CS agents’ AI provider', () => {
  it('answers 409 while not configured, then makes one chat call with the saved settings', async () => {
    const none = await test(root);
    expect(none.statusCode).toBe(409);
    expect(json(none).error).toBe('set the AI provider’s base URL and chat model first');
    expect(fake.requests).toHaveLength(0);

    expect((await save({ 'cs_agent.llm.base_url': fake.url, 'cs_agent.llm.api_key': KEY })).statusCode).toBe(200);
    expect((await test(root)).statusCode).toBe(409);
    await save({ 'cs_agent.llm.model': 'chat-model' });
    const passed = await test(root);
    expect(passed.statusCode, passed.body).toBe(200);
    expect(json(passed).data).toEqual({ ok: true, model: 'chat-model', latency_ms: expect.any(Number) });
    expect(fake.chats()).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', apiKey: KEY });
    expect(fake.chats()[0]).toMatchObject({ model: 'chat-model', messages: [{ role: 'user' }] });
  });

  it('tries values typed before saving them; the masked key is the saved one', async () => {
    await save({ 'cs_agent.llm.base_url': 'http://127.0.0.1:9/v1', 'cs_agent.llm.api_key': KEY });
    const typed = await test(root, { base_url: fake.url, model: 'chat-model', api_key: '********' });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(fake.requests.at(-1)?.apiKey).toBe(KEY);
    const wrongKey = await test(root, { base_url: fake.url, model: 'chat-model', api_key: 'sk-typed-wrong-987654321' });
    expect(wrongKey.statusCode).toBe(502);
    expect(json(wrongKey).error).toMatch(/^the AI provider did not answer the connection test: HTTP 401: /);
    expect(json(wrongKey).error).not.toContain('987654321');
    // nothing typed was saved
    const stored = await t.app.inject({
      method: 'GET',
      url: '/v1/system-setting?keys=cs_agent.llm.base_url,cs_agent.llm.model',
      headers: bearer(root),
    });
    expect(json(stored).data).toEqual([
      { key: 'cs_agent.llm.base_url', value: 'http://127.0.0.1:9/v1' },
      { key: 'cs_agent.llm.model', value: '' },
    ]);
  });

  it('answers 502 with the provider’s reason when it fails, is unknown or never answers', async () => {
    await save({ 'cs_agent.llm.base_url': fake.url, 'cs_agent.llm.api_key': KEY, 'cs_agent.llm.model': 'chat-model' });
    fake.answerWith({ status: 500, message: 'model overloaded' });
    const down = await test(root);
    expect(down.statusCode).toBe(502);
    expect(json(down).error).toBe('the AI provider did not answer the connection test: HTTP 500: model overloaded');
    expect(fake.chats()).toHaveLength(3);

    fake.reset();
    const unknown = await test(root, { model: 'gpt-nope' });
    expect(json(unknown).error).toMatch(/HTTP 404: The model `gpt-nope` does not exist/);

    fake.answerWith('garbage');
    expect(json(await test(root)).error).toBe(
      'the AI provider did not answer the connection test: the answer is not a chat completion (not JSON)',
    );
    fake.answerWith('hang');
    expect(json(await test(root)).error).toBe(
      'the AI provider did not answer the connection test: the provider did not answer in time',
    );
  });

  it('speaks the admin’s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/cs-agent/test',
      headers: { ...bearer(root), 'x-locale': 'zh-hk' },
      payload: {},
    });
    expect(json(response).error).toBe('請先設定 AI 服務供應商的基本網址及對話模型');
  });

  it('refuses organization users and system admins who are not super admins, calling nobody', async () => {
    await save({ 'cs_agent.llm.base_url': fake.url, 'cs_agent.llm.api_key': KEY, 'cs_agent.llm.model': 'chat-model' });
    const owner = await createOwner(t);
    expect((await test(owner.token)).statusCode).toBe(403);
    const everything = await loginAdmin(t, (await createAdmin(t, { permissions: [...ADMIN_PERMISSIONS] })).username);
    expect((await test(everything)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/cs-agent/test', payload: {} })).statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps the new settings’ values sound', async () => {
    const bad = await save({ 'cs_agent.monthly_token_budget_default': '1.5' });
    expect(bad.statusCode).toBe(400);
    expect((await save({ 'cs_agent.llm.base_url': 'ftp://models.example.com' })).statusCode).toBe(400);
    expect((await save({ 'cs_agent.max_answers_per_hour': '-1' })).statusCode).toBe(400);
    for (const price of ['', '0.5', '-1']) {
      const refused = await save({ 'cs_agent.answer_price_cents': price });
      expect(refused.statusCode, price).toBe(400);
      expect(json(refused).error).toContain('must be a whole number of cents, at least 0');
    }
    expect((await save({ 'cs_agent.answer_price_cents': '12' })).statusCode).toBe(200);
    const good = await save({
      'cs_agent.monthly_token_budget_default': '5000000000',
      'cs_agent.llm.embedding_model': 'text-embedding-3-small',
      'cs_agent.max_answers_per_hour': '30',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(json(good).data).toEqual([
      { key: 'cs_agent.llm.embedding_model', value: 'text-embedding-3-small' },
      { key: 'cs_agent.monthly_token_budget_default', value: '5000000000' },
      { key: 'cs_agent.max_answers_per_hour', value: '30' },
    ]);
    expect((await save({ 'cs_agent.monthly_token_budget_default': '' })).statusCode).toBe(200);
  });
});
