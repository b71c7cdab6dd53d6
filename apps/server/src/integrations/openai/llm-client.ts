import OpenAI from 'openai';
import type { SettingsReader } from '../../platform/settings/settings-reader.ts';
import { LlmUnavailable, llmFailure } from './llm-errors.ts';

export { LlmUnavailable } from './llm-errors.ts';

/**
 * The CS agents' AI provider: any OpenAI-compatible API (OpenAI, Azure, Ollama, vLLM) through the official SDK with
 * `baseURL` = the system setting. An operator may change the settings at any time: each `client()` reads them
 * afresh, and an SDK client is made once per base URL and key. Every model call of the app goes through here, and
 * every failure comes out as one `LlmUnavailable`.
 */

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** empty: no embeddings */
  embeddingModel: string;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A function the model may call, offered as OpenAI's `{type: 'function', function: {name, description, parameters}}`. */
export interface LlmTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments */
  parameters: Record<string, unknown>;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export type LlmAnswer =
  | { kind: 'text'; text: string; usage: LlmUsage }
  | { kind: 'tool'; name: string; arguments: Record<string, unknown>; usage: LlmUsage };

export interface LlmClient {
  readonly model: string;
  /** null: no embeddings model is set (retrieval by full-text search only) */
  readonly embeddingModel: string | null;
  /** one chat completion: a text answer or a call of one of `tools`; fails only with `LlmUnavailable` */
  chat(request: { messages: LlmMessage[]; tools?: LlmTool[] }): Promise<LlmAnswer>;
  /** one vector per text, of whatever dimension the model answers; fails only with `LlmUnavailable` */
  embed(texts: string[]): Promise<number[][]>;
}

export interface LlmGateway {
  /** the client for the settings saved now, or null while the base URL or the chat model is unset */
  client(): Promise<LlmClient | null>;
  /** the client for given settings (the settings page's "test connection" before saving) */
  withSettings(settings: LlmSettings): LlmClient;
}

export interface LlmOptions {
  /** per try (the SDK's `timeout`); 20 s */
  timeoutMs?: number;
  /** tries after the first on 408/409/429/5xx and timeouts (the SDK's `maxRetries`); 2 */
  maxRetries?: number;
  /** all tries of one call end by then (the SDK's backoff comes on top of the tries' timeouts); 58 s */
  deadlineMs?: number;
}

const KEYS = [
  'cs_agent.llm.base_url',
  'cs_agent.llm.api_key',
  'cs_agent.llm.model',
  'cs_agent.llm.embedding_model',
] as const;

export async function readLlmSettings(settings: SettingsReader): Promise<LlmSettings> {
  const values = await settings.values(KEYS);
  return {
    baseUrl: values['cs_agent.llm.base_url'].trim(),
    apiKey: values['cs_agent.llm.api_key'].trim(),
    model: values['cs_agent.llm.model'].trim(),
    embeddingModel: values['cs_agent.llm.embedding_model'].trim(),
  };
}

export const isConfigured = (settings: LlmSettings) => settings.baseUrl !== '' && settings.model !== '';

export function createLlmGateway(settings: SettingsReader, options: LlmOptions = {}): LlmGateway {
  const timeout = options.timeoutMs ?? 20_000;
  const maxRetries = options.maxRetries ?? 2;
  const deadline = options.deadlineMs ?? 58_000;
  const sdks = new Map<string, OpenAI>();
  const sdkFor = (baseUrl: string, apiKey: string) => {
    const id = `${baseUrl}\n${apiKey}`;
    let sdk = sdks.get(id);
    if (!sdk) {
      // a local Ollama or vLLM takes no key, but the SDK wants one
      sdk = new OpenAI({ baseURL: baseUrl, apiKey: apiKey || 'none', timeout, maxRetries });
      if (sdks.size > 4) sdks.clear();
      sdks.set(id, sdk);
    }
    return sdk;
  };
  const withSettings = (given: LlmSettings): LlmClient =>
    clientOf(sdkFor(given.baseUrl, given.apiKey), given, () => AbortSignal.timeout(deadline));
  return {
    async client() {
      const saved = await readLlmSettings(settings);
      return isConfigured(saved) ? withSettings(saved) : null;
    },
    withSettings,
  };
}

function clientOf(sdk: OpenAI, settings: LlmSettings, signal: () => AbortSignal): LlmClient {
  const { apiKey, model } = settings;
  const embeddingModel = settings.embeddingModel || null;
  return {
    model,
    embeddingModel,
    async chat({ messages, tools = [] }) {
      let completion: unknown;
      try {
        completion = await sdk.chat.completions.create(
          {
            model,
            messages,
            ...(tools.length
              ? {
                  tools: tools.map((tool) => ({
                    type: 'function' as const,
                    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
                  })),
                }
              : {}),
          },
          { signal: signal() },
        );
      } catch (error) {
        throw llmFailure(error, apiKey);
      }
      return readCompletion(completion, new Set(tools.map((tool) => tool.name)));
    },
    async embed(texts) {
      if (!embeddingModel) throw new LlmUnavailable('no embeddings model is set');
      if (texts.length === 0) return [];
      let answer: unknown;
      try {
        answer = await sdk.embeddings.create(
          { model: embeddingModel, input: texts, encoding_format: 'float' },
          { signal: signal() },
        );
      } catch (error) {
        throw llmFailure(error, apiKey);
      }
      return readEmbeddings(answer, texts.length);
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** A chat completion's first choice as an answer; anything else is the provider failing. */
function readCompletion(body: unknown, offered: Set<string>): LlmAnswer {
  const choices = isObject(body) ? body.choices : undefined;
  const message = Array.isArray(choices) && isObject(choices[0]) ? choices[0].message : undefined;
  if (!isObject(body) || !isObject(message)) throw new LlmUnavailable('the answer is not a chat completion');
  const usage: LlmUsage = isObject(body.usage)
    ? { inputTokens: count(body.usage.prompt_tokens), outputTokens: count(body.usage.completion_tokens) }
    : { inputTokens: 0, outputTokens: 0 };
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const call = calls.find((item) => isObject(item) && isObject(item.function));
  if (call) {
    const fn = call.function as Record<string, unknown>;
    const name = typeof fn.name === 'string' ? fn.name : '';
    if (!offered.has(name)) throw new LlmUnavailable(`the model called an unknown tool "${name.slice(0, 60)}"`);
    return { kind: 'tool', name, arguments: parseArguments(fn.arguments), usage };
  }
  const text = typeof message.content === 'string' ? message.content.trim() : '';
  if (!text) throw new LlmUnavailable('the model gave no answer');
  return { kind: 'text', text, usage };
}

/** The model's arguments (a JSON text it may have got wrong): an object, or none. */
function parseArguments(raw: unknown): Record<string, unknown> {
  if (isObject(raw)) return raw;
  if (typeof raw !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function readEmbeddings(body: unknown, expected: number): number[][] {
  const data = isObject(body) ? body.data : undefined;
  if (!Array.isArray(data) || data.length !== expected)
    throw new LlmUnavailable('the answer is not an embeddings list');
  const vectors: number[][] = new Array(expected);
  for (const [position, item] of data.entries()) {
    const index = isObject(item) && typeof item.index === 'number' ? item.index : position;
    const vector = isObject(item) ? item.embedding : undefined;
    if (
      !Array.isArray(vector) ||
      vector.length === 0 ||
      !vector.every((value) => typeof value === 'number' && Number.isFinite(value)) ||
      index < 0 ||
      index >= expected ||
      vectors[index]
    )
      throw new LlmUnavailable('the answer is not an embeddings list');
    vectors[index] = vector as number[];
  }
  const dimension = vectors[0]?.length;
  if (vectors.some((vector) => vector.length !== dimension))
    throw new LlmUnavailable('the embeddings differ in dimension');
  return vectors;
}
