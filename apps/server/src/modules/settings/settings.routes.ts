import { settingEndpoints, templatePriceEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { sendSmtpTest } from '../../platform/mail/mailer.ts';
import { llmTestRoutes } from './llm-test.routes.ts';
import { createSettingsService } from './settings.service.ts';
import { parsePriceTable, TEMPLATE_PRICES_KEY } from './template-pricing.ts';
import { webManifestRoutes } from './web-manifest.routes.ts';

const keysOf = (query: { keys?: string }) =>
  (query.keys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

export async function settingsRoutes(app: AppInstance, ctx: AppContext) {
  const { guards, audit } = ctx;
  const settings = createSettingsService(ctx.database, ctx.secrets);
  const tags = ['system settings'];
  app.route({
    ...routeOf(settingEndpoints.public, tags),
    handler: async (request) => ok(await settings.list(keysOf(request.query), { publicOnly: true })),
  });
  app.route({
    ...routeOf(settingEndpoints.list, tags),
    preHandler: guards.admin('super'),
    handler: async (request) => ok(await settings.list(keysOf(request.query), { publicOnly: false })),
  });
  app.route({
    ...routeOf(settingEndpoints.update, tags),
    preHandler: guards.admin('super'),
    handler: async (request) => {
      const change = await settings.update(request.body.settings);
      if (Object.keys(change.after).length) {
        await audit.platform(actorOf(request), { action: 'setting.update', targetType: 'system_setting', ...change });
      }
      return ok(
        await settings.list(
          request.body.settings.map((entry) => entry.key),
          { publicOnly: false },
        ),
      );
    },
  });
  app.route({
    ...routeOf(settingEndpoints.smtpTest, tags),
    preHandler: guards.admin('super'),
    handler: async (request) => {
      let response: string | null;
      try {
        response = await sendSmtpTest(settings, request.body.to);
      } catch (error) {
        throw new AppError(400, 'smtp_test_failed', { error: (error as Error).message });
      }
      if (response === null) throw new AppError(400, 'smtp_not_configured');
      return ok({ response });
    },
  });

  const priceRows = async () => parsePriceTable((await settings.values([TEMPLATE_PRICES_KEY]))[TEMPLATE_PRICES_KEY]);
  app.route({
    ...routeOf(templatePriceEndpoints.get, tags),
    preHandler: guards.admin('super'),
    handler: async () => ok({ rows: await priceRows() }),
  });
  app.route({
    ...routeOf(templatePriceEndpoints.update, tags),
    preHandler: guards.admin('super'),
    handler: async (request) => {
      const change = await settings.update([{ key: TEMPLATE_PRICES_KEY, value: JSON.stringify(request.body.rows) }]);
      if (Object.keys(change.after).length) {
        await audit.platform(actorOf(request), { action: 'setting.update', targetType: 'system_setting', ...change });
      }
      return ok({ rows: await priceRows() });
    },
  });

  llmTestRoutes(app, ctx);
  await webManifestRoutes(app, ctx);
}
