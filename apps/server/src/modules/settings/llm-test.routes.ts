import { llmProviderEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { isConfigured, LlmUnavailable, readLlmSettings } from '../../integrations/openai/llm-client.ts';
import { AppError } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { SECRET_MASK } from './settings.service.ts';

/**
 * The CS agents' provider's "test connection" (system admins): one real chat call with the values typed on the page
 * (before saving them), else the saved ones, as the Stripe key test does.
 */
export function llmTestRoutes(app: AppInstance, ctx: AppContext) {
  app.route({
    ...routeOf(llmProviderEndpoints.test, ['system settings']),
    preHandler: ctx.guards.admin('super'),
    handler: async (request) => {
      const saved = await readLlmSettings(ctx.settings);
      const { base_url, api_key, model } = request.body;
      const settings = {
        ...saved,
        baseUrl: base_url || saved.baseUrl,
        apiKey: api_key && api_key !== SECRET_MASK ? api_key : saved.apiKey,
        model: model || saved.model,
      };
      if (!isConfigured(settings)) throw new AppError(409, 'llm_not_configured');
      if (!/^https?:\/\/[^\s]+$/i.test(settings.baseUrl)) throw new AppError(400, 'url_invalid');
      const started = performance.now();
      try {
        await ctx.llm.withSettings(settings).chat({
          messages: [{ role: 'user', content: 'This is a connection test. Reply with the single word OK.' }],
        });
      } catch (error) {
        const reason = error instanceof LlmUnavailable ? error.reason : 'unexpected failure';
        request.log.warn({ reason }, 'the AI provider failed the connection test');
        throw new AppError(502, 'llm_test_failed', { error: reason });
      }
      return ok({ ok: true as const, model: settings.model, latency_ms: Math.round(performance.now() - started) });
    },
  });
}
