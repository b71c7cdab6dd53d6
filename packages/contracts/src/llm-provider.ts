import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** The provider of the CS agents (issue 26): an OpenAI-compatible API, set in the system settings. */
export const llmTestBodySchema = z.object({
  /** values to try before saving them; the saved ones for any left out (an API key of `********` is the saved one) */
  base_url: z.string().trim().max(500).optional(),
  api_key: z.string().trim().max(500).optional(),
  model: z.string().trim().max(200).optional(),
});
export type LlmTestBody = z.infer<typeof llmTestBodySchema>;

export const llmTestResultSchema = z.object({
  ok: z.literal(true),
  model: z.string(),
  /** how long the one chat call took */
  latency_ms: z.number().int(),
});
export type LlmTestResult = z.infer<typeof llmTestResultSchema>;

export const llmProviderEndpoints = {
  test: endpoint({
    method: 'POST',
    path: '/v1/admin/cs-agent/test',
    body: llmTestBodySchema,
    response: llmTestResultSchema,
    summary:
      'Test the CS agents’ AI provider with one chat call (the values given, else the saved ones; system admin): 409 while not configured, 502 with the provider’s reason',
  }),
};
