import OpenAI, { type APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from './openai-api.ts';

const KEY = 'sk-fake-openai-key';

let fake: FakeOpenAi;
let sdk: OpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAi({ keys: [KEY], models: ['chat-model', 'embed-model'], dimension: 16 });
  sdk = new OpenAI({ baseURL: fake.url, apiKey: KEY, maxRetries: 0, timeout: 2_000 });
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

const ask = (text: string, extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
  sdk.chat.completions.create({ model: 'chat-model', messages: [{ role: 'user', content: text }], ...extra });

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe('the fake OpenAI API, through the real SDK', () => {
  it('answers a chat completion with usage, and records the request with its key', async () => {
    fake.script({ text: 'Opening hours are 9 to 5.' });
    const answer = await ask('When are you open?');
    expect(answer).toMatchObject({
      object: 'chat.completion',
      model: 'chat-model',
      choices: [
        { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Opening hours are 9 to 5.' } },
      ],
    });
    expect(answer.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(answer.usage?.total_tokens).toBe(
      (answer.usage?.prompt_tokens ?? 0) + (answer.usage?.completion_tokens ?? 0),
    );
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', apiKey: KEY });
    expect(fake.chats()[0]).toMatchObject({
      model: 'chat-model',
      messages: [{ role: 'user', content: 'When are you open?' }],
    });
    // once the script is used up: the default answer names the question
    expect((await ask('Where is the shop?')).choices[0]?.message.content).toBe(
      'Stand-in answer to: Where is the shop?',
    );
  });

  it('answers a tool call with its JSON arguments as the SDK reads them', async () => {
    fake.script({ tool: 'handoff_to_human', arguments: { reason: 'asked for a person' } });
    const tools: OpenAI.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'handoff_to_human', parameters: { type: 'object', properties: {} } } },
    ];
    const answer = await ask('A person please', { tools });
    const choice = answer.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    const call = choice?.message.tool_calls?.[0];
    expect(call?.type).toBe('function');
    expect(call?.type === 'function' && call.function.name).toBe('handoff_to_human');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ reason: 'asked for a person' });
    expect(fake.chats()[0]?.tools).toEqual(tools);
  });

  it('refuses a key it was not given and a model it does not know, as OpenAI does', async () => {
    const stranger = new OpenAI({ baseURL: fake.url, apiKey: 'sk-wrong', maxRetries: 0 });
    const refused = await stranger.chat.completions
      .create({ model: 'chat-model', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    const unknown = await ask('hi', { model: 'gpt-nope' }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect((unknown as APIError).code).toBe('model_not_found');
  });

  it('fails as scripted: a 500, garbage JSON, no choices, a hang', async () => {
    fake.script({ status: 500 }, 'garbage', 'no-choices', 'hang');
    expect(await ask('a').catch((error: unknown) => error)).toBeInstanceOf(OpenAI.InternalServerError);
    expect(await ask('b').catch((error: unknown) => error)).toBeInstanceOf(Error);
    expect((await ask('c')).choices).toEqual([]);
    const quick = new OpenAI({ baseURL: fake.url, apiKey: KEY, maxRetries: 0, timeout: 200 });
    const hung = await quick.chat.completions
      .create({ model: 'chat-model', messages: [{ role: 'user', content: 'd' }] })
      .catch((error: unknown) => error);
    expect(hung).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(fake.chats()).toHaveLength(4);
  });

  it('answers deterministic, normalised embeddings of its dimension, near for similar texts', async () => {
    const texts = ['refund policy for damaged goods', 'damaged goods refund', 'opening hours on sunday', '退款政策'];
    const floats = await sdk.embeddings.create({ model: 'embed-model', input: texts, encoding_format: 'float' });
    expect(floats).toMatchObject({ object: 'list', model: 'embed-model' });
    expect(floats.data.map((item) => [item.object, item.index])).toEqual([0, 1, 2, 3].map((i) => ['embedding', i]));
    const vectors = floats.data.map((item) => item.embedding);
    expect(vectors.map((v) => v.length)).toEqual([16, 16, 16, 16]);
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(cosine(vectors[0]!, vectors[2]!));
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(0.5);
    // the SDK's default asks base64 and decodes it: the same vectors, as float32
    const decoded = await sdk.embeddings.create({ model: 'embed-model', input: texts[0]! });
    expect(fake.requests.at(-1)?.body?.encoding_format).toBe('base64');
    decoded.data[0]!.embedding.forEach((value, i) => {
      expect(value).toBeCloseTo(vectors[0]![i]!, 5);
    });
    fake.setDimension(1536);
    const wide = await sdk.embeddings.create({ model: 'embed-model', input: ['x'], encoding_format: 'float' });
    expect(wide.data[0]?.embedding).toHaveLength(1536);
  });

  it('lists its models', async () => {
    const models = [];
    for await (const model of sdk.models.list()) models.push(model.id);
    expect(models).toEqual(['chat-model', 'embed-model']);
  });
});
