import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * An OpenAI-compatible API, locally, for tests of the CS agents: the real `openai` SDK talks to it with
 * `baseURL: fake.url` (`http://127.0.0.1:<port>/v1`), as the app does with the `cs_agent.llm.base_url` setting.
 *
 * Wire format as OpenAI documents it: `POST /v1/chat/completions` answers a `chat.completion` object
 * `{id, object, created, model, choices: [{index, message: {role: 'assistant', content, refusal, tool_calls?},
 * logprobs, finish_reason: 'stop' | 'tool_calls'}], usage: {prompt_tokens, completion_tokens, total_tokens}}`, a tool
 * call being `{id, type: 'function', function: {name, arguments: <JSON text>}}`; `POST /v1/embeddings` answers
 * `{object: 'list', data: [{object: 'embedding', index, embedding}], model, usage: {prompt_tokens, total_tokens}}`
 * (`encoding_format: 'base64'`: each vector as base64 of little-endian float32s, as the SDK asks by default);
 * `GET /v1/models` a list of `{id, object: 'model', created, owned_by}`; errors `{error: {message, type, param, code}}`
 * (401 for a key it was not given, 404 for a model it does not know).
 *
 * Each request is recorded with its parsed body. Chat answers come from the scripted queue (`script(...)`), then
 * from `answerWith(fn)` (a text answer by default): a text, a tool call, an HTTP failure, garbage JSON, a body with no
 * choices, or a hang (no answer until the client gives up).
 */

export interface OpenAiRequest {
  method: string;
  /** e.g. `/v1/chat/completions` */
  path: string;
  headers: IncomingHttpHeaders;
  /** the bearer token sent, or null */
  apiKey: string | null;
  /** the body parsed as JSON (null when it was not JSON or empty) */
  body: Record<string, unknown> | null;
  at: number;
}

/** What the fake answers to one chat request. */
export type ChatScript =
  | { text: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** a tool call (`handoff_to_human`, or a tool nobody offered); `arguments` as an object or the raw JSON text */
  | { tool: string; arguments?: Record<string, unknown> | string }
  | { status: number; message?: string }
  /** 200 with a body that is not JSON */
  | 'garbage'
  /** 200 with a JSON body that is not a chat completion (no choices) */
  | 'no-choices'
  /** never answers: the client's timeout ends it */
  | 'hang';
export type EmbeddingScript = { status: number; message?: string } | 'garbage' | 'hang';

export interface FakeOpenAiOptions {
  /** bearer keys accepted; any key (or none) when left out */
  keys?: string[];
  /** models it knows (chat and embeddings); any when left out */
  models?: string[];
  /** the dimension of its embeddings; 64 */
  dimension?: number;
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1` */
  url: string;
  port: number;
  requests: OpenAiRequest[];
  /** the chat requests' bodies, in order */
  chats(): Record<string, unknown>[];
  /** the next chat requests' answers, in order, before `answerWith`'s */
  script(...answers: ChatScript[]): void;
  /** the answer to chat requests once the script is used up (a text naming the last user message by default) */
  answerWith(answer: ChatScript | ((body: Record<string, unknown>) => ChatScript)): void;
  /** the next embeddings requests' failures, in order */
  scriptEmbeddings(...answers: EmbeddingScript[]): void;
  setDimension(dimension: number): void;
  /** how many requests hang unanswered now */
  hanging(): number;
  /** forgets the requests, the scripts and `answerWith` */
  reset(): void;
  close(): Promise<void>;
}

const lastUserText = (body: Record<string, unknown>) => {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const last = [...messages].reverse().find((m) => m && typeof m === 'object' && m.role === 'user');
  return last && typeof last.content === 'string' ? last.content : '';
};
const DEFAULT_ANSWER = (body: Record<string, unknown>): ChatScript => ({
  text: `Stand-in answer to: ${lastUserText(body)}`,
});

/** Roughly one token per word, as the usage numbers a model reports. */
const tokensOf = (text: string) => (text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? []).length;

/**
 * A deterministic embedding: a hashed bag of words (and of Chinese characters and their pairs), signed, normalised to
 * length 1; texts sharing words are near, texts sharing none are about orthogonal.
 */
export function fakeEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  const lower = text.toLowerCase();
  const tokens = lower.match(/[\p{L}\p{N}]+/gu) ?? [];
  const features: string[] = [];
  for (const token of tokens) {
    const han = [...token].filter((char) => /\p{Script=Han}/u.test(char));
    if (han.length === 0) features.push(token);
    for (let i = 0; i < han.length; i += 1) {
      features.push(han[i] as string);
      if (i + 1 < han.length) features.push(`${han[i]}${han[i + 1]}`);
    }
  }
  for (const feature of features) {
    const hash = fnv1a(feature);
    vector[hash % dimension] = (vector[hash % dimension] ?? 0) + (hash & 0x80000000 ? -1 : 1);
  }
  const length = Math.hypot(...vector);
  if (length === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / length);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

const base64Floats = (vector: number[]) => Buffer.from(new Float32Array(vector).buffer).toString('base64');

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: OpenAiRequest[] = [];
  let chatQueue: ChatScript[] = [];
  let embeddingQueue: EmbeddingScript[] = [];
  let fallback: ChatScript | ((body: Record<string, unknown>) => ChatScript) = DEFAULT_ANSWER;
  let dimension = options.dimension ?? 64;
  const hung = new Set<ServerResponse>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string, type: string, code: string | null) =>
    send(res, status, { error: { message, type, param: null, code } });
  const hang = (res: ServerResponse) => {
    hung.add(res);
    res.on('close', () => hung.delete(res));
  };
  const modelNotFound = (res: ServerResponse, model: unknown) =>
    error(res, 404, `The model \`${String(model)}\` does not exist`, 'invalid_request_error', 'model_not_found');
  const unknownModel = (model: unknown) =>
    options.models !== undefined && !(typeof model === 'string' && options.models.includes(model));

  function chat(res: ServerResponse, body: Record<string, unknown>) {
    if (unknownModel(body.model)) return modelNotFound(res, body.model);
    const next = chatQueue.shift() ?? (typeof fallback === 'function' ? fallback(body) : fallback);
    if (next === 'hang') return hang(res);
    if (next === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"id": "chatcmpl-broken", "choices": [ <html>upstream error');
    }
    if (next === 'no-choices') return send(res, 200, { object: 'chat.completion', choices: [] });
    if ('status' in next)
      return error(res, next.status, next.message ?? 'The server had an error', 'server_error', null);
    const promptText = (Array.isArray(body.messages) ? body.messages : [])
      .map((m: { content?: unknown }) => (typeof m?.content === 'string' ? m.content : ''))
      .join('\n');
    const message =
      'text' in next
        ? { role: 'assistant', content: next.text, refusal: null }
        : {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              {
                id: `call_${randomBytes(12).toString('hex')}`,
                type: 'function',
                function: {
                  name: next.tool,
                  arguments: typeof next.arguments === 'string' ? next.arguments : JSON.stringify(next.arguments ?? {}),
                },
              },
            ],
          };
    const usage =
      'text' in next && next.usage
        ? next.usage
        : { prompt_tokens: tokensOf(promptText), completion_tokens: 'text' in next ? tokensOf(next.text) : 12 };
    send(res, 200, {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: 'text' in next ? 'stop' : 'tool_calls' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      system_fingerprint: null,
    });
  }

  function embeddings(res: ServerResponse, body: Record<string, unknown>) {
    if (unknownModel(body.model)) return modelNotFound(res, body.model);
    const next = embeddingQueue.shift();
    if (next === 'hang') return hang(res);
    if (next === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"object": "list", "data": [0.1, ');
    }
    if (next) return error(res, next.status, next.message ?? 'The server had an error', 'server_error', null);
    const input = typeof body.input === 'string' ? [body.input] : body.input;
    if (!Array.isArray(input) || input.length === 0 || !input.every((item) => typeof item === 'string'))
      return error(res, 400, "'input' must be a string or a list of strings", 'invalid_request_error', null);
    const base64 = body.encoding_format === 'base64';
    const tokens = input.reduce((sum, text) => sum + tokensOf(text), 0);
    send(res, 200, {
      object: 'list',
      data: input.map((text, index) => {
        const vector = fakeEmbedding(text, dimension);
        return { object: 'embedding', index, embedding: base64 ? base64Floats(vector) : vector };
      }),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      body =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const apiKey = bearer?.[1] ?? null;
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, apiKey, body, at: Date.now() });
    if (options.keys && !(apiKey && options.keys.includes(apiKey)))
      return error(
        res,
        401,
        `Incorrect API key provided: ${apiKey ?? '(none)'}`,
        'invalid_request_error',
        'invalid_api_key',
      );
    if (req.method === 'GET' && path === '/v1/models')
      return send(res, 200, {
        object: 'list',
        data: (options.models ?? ['stand-in-chat', 'stand-in-embed']).map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'omnichat-fake',
        })),
      });
    if (req.method === 'POST' && (path === '/v1/chat/completions' || path === '/v1/embeddings')) {
      if (!body)
        return error(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
      return path === '/v1/embeddings' ? embeddings(res, body) : chat(res, body);
    }
    error(res, 404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      if (!res.headersSent) error(res, 500, String(cause), 'server_error', null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    chats: () =>
      requests
        .filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions' && r.body)
        .map((r) => r.body as Record<string, unknown>),
    script: (...answers) => {
      chatQueue.push(...answers);
    },
    answerWith: (answer) => {
      fallback = answer;
    },
    scriptEmbeddings: (...answers) => {
      embeddingQueue.push(...answers);
    },
    setDimension: (value) => {
      dimension = value;
    },
    hanging: () => hung.size,
    reset: () => {
      requests.length = 0;
      chatQueue = [];
      embeddingQueue = [];
      fallback = DEFAULT_ANSWER;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
