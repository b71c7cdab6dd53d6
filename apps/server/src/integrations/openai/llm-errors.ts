import OpenAI from 'openai';

/**
 * The one reading of the AI provider's failures: whatever went wrong (down, 5xx after the SDK's retries, too slow,
 * refusing the key, an answer that is not a chat completion, no answer, a tool we did not offer) is this error,
 * with a short reason for logs and the admin's connection test. The API key never appears in it.
 */
export class LlmUnavailable extends Error {
  override readonly name = 'LlmUnavailable';
  readonly reason: string;
  constructor(reason: string) {
    super(`AI provider unavailable: ${reason}`);
    this.reason = reason;
  }
}

const MAX_REASON = 200;

/** A provider's words without any key in them (OpenAI's 401 quotes part of the key), cut short. */
export function scrubbed(text: string, apiKey: string): string {
  let out = apiKey ? text.split(apiKey).join('***') : text;
  out = out
    .replace(/\b(sk|key)-[\w*.-]{4,}/gi, '$1-***')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_REASON ? `${out.slice(0, MAX_REASON - 1)}…` : out;
}

/** The error of a failed SDK call as an `LlmUnavailable` (ours pass through). */
export function llmFailure(error: unknown, apiKey: string): LlmUnavailable {
  if (error instanceof LlmUnavailable) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new LlmUnavailable('the provider did not answer in time');
  if (error instanceof OpenAI.APIUserAbortError) return new LlmUnavailable('the provider did not answer in time');
  if (error instanceof OpenAI.APIConnectionError)
    return new LlmUnavailable(scrubbed(`cannot connect: ${causeOf(error)}`, apiKey));
  if (error instanceof OpenAI.APIError) {
    const words = bodyMessage(error.error) ?? error.message;
    return new LlmUnavailable(scrubbed(`HTTP ${error.status ?? '?'}: ${words}`, apiKey));
  }
  // the SDK's JSON parse of a 200 body that is not JSON, and anything else
  if (error instanceof SyntaxError) return new LlmUnavailable('the answer is not a chat completion (not JSON)');
  return new LlmUnavailable(scrubbed(error instanceof Error ? error.message : String(error), apiKey));
}

function bodyMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

function causeOf(error: Error): string {
  const cause = error.cause;
  if (cause instanceof Error) return (cause as NodeJS.ErrnoException).code ?? cause.message;
  return error.message;
}
