import type { SystemSettingKey } from '@omnichat/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-api.ts';
import type { SettingsReader } from '../../platform/settings/settings-reader.ts';
import { createLlmGateway, type LlmClient, type LlmOptions, type LlmTool, LlmUnavailable } from './llm-client.ts';

const KEY = 'sk-test-provider-key-123456';
const HANDOFF: LlmTool = {
  name: 'handoff_to_human',
  description: 'Hand the conversation to a person',
  parameters: { type: 'object', properties: { reason: { type: 'string' } } },
};
const question = [
  { role: 'system' as const, content: 'You answer for Acme. Tone: friendly.' },
  { role: 'user' as const, content: 'When are you open?' },
];

let fake: FakeOpenAi;
const saved: Partial<Record<SystemSettingKey, string>> = {};
/** The system settings as the settings module answers them: whatever was saved, else the key's default. */
const settings: SettingsReader = {
  async values(keys) {
    return Object.fromEntries(keys.map((key) => [key, saved[key] ?? ''])) as never;
  },
};
const configure = (values: Partial<Record<SystemSettingKey, string>>) => Object.assign(saved, values);

beforeAll(async () => {
  fake = await startFakeOpenAi({ keys: [KEY], models: ['chat-model', 'embed-model'] });
});
beforeEach(() => {
  fake.reset();
  for (const key of Object.keys(saved)) delete saved[key as SystemSettingKey];
  configure({
    'cs_agent.llm.base_url': fake.url,
    'cs_agent.llm.api_key': KEY,
    'cs_agent.llm.model': 'chat-model',
  });
});
afterAll(() => fake.close());

async function clientOf(options: LlmOptions = {}): Promise<LlmClient> {
  const client = await createLlmGateway(settings, options).client();
  if (!client) throw new Error('not configured');
  return client;
}
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('the AI provider gateway', () => {
  it('is not configured while the base URL or the chat model is unset, and reads the settings on each call', async () => {
    const gateway = createLlmGateway(settings);
    configure({ 'cs_agent.llm.model': '' });
    expect(await gateway.client()).toBeNull();
    configure({ 'cs_agent.llm.model': 'chat-model', 'cs_agent.llm.base_url': '' });
    expect(await gateway.client()).toBeNull();
    configure({ 'cs_agent.llm.base_url': fake.url });
    expect((await gateway.client())?.model).toBe('chat-model');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers the model’s text with the tokens used, sending the model, messages and tools with the key', async () => {
    fake.script({ text: 'We are open 9 to 5.', usage: { prompt_tokens: 31, completion_tokens: 7 } });
    const answer = await (await clientOf()).chat({ messages: question, tools: [HANDOFF] });
    expect(answer).toEqual({ kind: 'text', text: 'We are open 9 to 5.', usage: { inputTokens: 31, outputTokens: 7 } });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', apiKey: KEY });
    expect(fake.chats()[0]).toMatchObject({
      model: 'chat-model',
      messages: question,
      tools: [{ type: 'function', function: { name: 'handoff_to_human', parameters: HANDOFF.parameters } }],
    });
  });

  it('answers a call of an offered tool with its arguments, even when they are not JSON', async () => {
    fake.script(
      { tool: 'handoff_to_human', arguments: { reason: 'asked for a person' } },
      { tool: 'handoff_to_human', arguments: '{not json' },
    );
    const client = await clientOf();
    expect(await client.chat({ messages: question, tools: [HANDOFF] })).toMatchObject({
      kind: 'tool',
      name: 'handoff_to_human',
      arguments: { reason: 'asked for a person' },
    });
    expect(await client.chat({ messages: question, tools: [HANDOFF] })).toMatchObject({
      kind: 'tool',
      name: 'handoff_to_human',
      arguments: {},
    });
  });

  it('reads a 500 on every try as LlmUnavailable after exactly 3 requests', async () => {
    fake.answerWith({ status: 500, message: 'upstream overloaded' });
    const error = await failureOf((await clientOf()).chat({ messages: question, tools: [HANDOFF] }));
    expect(error).toBeInstanceOf(LlmUnavailable);
    expect((error as LlmUnavailable).reason).toBe('HTTP 500: upstream overloaded');
    expect(fake.chats()).toHaveLength(3);
  });

  it('takes the answer of a retry after a 500', async () => {
    fake.script({ status: 503 }, { text: 'Back again.' });
    expect(await (await clientOf()).chat({ messages: question })).toMatchObject({ kind: 'text', text: 'Back again.' });
    expect(fake.chats()).toHaveLength(2);
  });

  it('reads garbage, no choices, an empty answer and an unknown tool as LlmUnavailable', async () => {
    fake.script('garbage', 'no-choices', { text: '   ' }, { tool: 'delete_all_customers', arguments: {} });
    const client = await clientOf();
    const reasons: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const error = await failureOf(client.chat({ messages: question, tools: [HANDOFF] }));
      expect(error).toBeInstanceOf(LlmUnavailable);
      reasons.push((error as LlmUnavailable).reason);
    }
    expect(reasons).toEqual([
      'the answer is not a chat completion (not JSON)',
      'the answer is not a chat completion',
      'the model gave no answer',
      'the model called an unknown tool "delete_all_customers"',
    ]);
    expect(fake.chats()).toHaveLength(4);
  });

  it('reads a provider that never answers as LlmUnavailable after 3 tries of the timeout each', async () => {
    fake.answerWith('hang');
    const started = Date.now();
    const error = await failureOf((await clientOf({ timeoutMs: 150 })).chat({ messages: question }));
    expect(error).toBeInstanceOf(LlmUnavailable);
    expect((error as LlmUnavailable).reason).toBe('the provider did not answer in time');
    expect(fake.chats()).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('gives up at the deadline, however many tries are left', async () => {
    fake.answerWith('hang');
    const started = Date.now();
    const error = await failureOf((await clientOf({ timeoutMs: 5_000, deadlineMs: 300 })).chat({ messages: question }));
    expect(error).toBeInstanceOf(LlmUnavailable);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.chats()).toHaveLength(1);
  });

  it('never puts the key in a failure’s reason', async () => {
    configure({ 'cs_agent.llm.api_key': 'sk-wrong-key-abcdef123456' });
    const error = await failureOf((await clientOf()).chat({ messages: question }));
    expect(error).toBeInstanceOf(LlmUnavailable);
    const { reason, message } = error as LlmUnavailable;
    expect(reason).toMatch(/^HTTP 401: /);
    expect(`${reason} ${message}`).not.toContain('abcdef123456');
    expect(fake.chats()).toHaveLength(1);
  });

  it('reads a provider nobody listens on as LlmUnavailable', async () => {
    const closed = await startFakeOpenAi();
    await closed.close();
    configure({ 'cs_agent.llm.base_url': closed.url });
    const error = await failureOf((await clientOf({ maxRetries: 0 })).chat({ messages: question }));
    expect((error as LlmUnavailable).reason).toMatch(/^cannot connect: /);
  });

  it('embeds texts in whatever dimension the model answers, in order', async () => {
    configure({ 'cs_agent.llm.embedding_model': 'embed-model' });
    const client = await clientOf();
    expect(client.embeddingModel).toBe('embed-model');
    fake.setDimension(8);
    const small = await client.embed(['refund for damaged goods', 'opening hours']);
    expect(small.map((vector) => vector.length)).toEqual([8, 8]);
    fake.setDimension(1024);
    const wide = await client.embed(['refund for damaged goods']);
    expect(wide[0]).toHaveLength(1024);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/embeddings',
      apiKey: KEY,
      body: { model: 'embed-model', input: ['refund for damaged goods'] },
    });
    expect(await client.embed([])).toEqual([]);
  });

  it('has no embeddings while no embeddings model is set, and reads embedding failures as LlmUnavailable', async () => {
    const client = await clientOf();
    expect(client.embeddingModel).toBeNull();
    expect(await failureOf(client.embed(['x']))).toBeInstanceOf(LlmUnavailable);
    expect(fake.requests).toHaveLength(0);
    configure({ 'cs_agent.llm.embedding_model': 'embed-model' });
    fake.scriptEmbeddings('garbage');
    expect(await failureOf((await clientOf()).embed(['x']))).toBeInstanceOf(LlmUnavailable);
  });
});
