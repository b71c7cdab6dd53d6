import {
  settingSchema,
  settingsQuerySchema,
  smtpTestBodySchema,
  smtpTestResultSchema,
  updateSettingsBodySchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { sendSmtpTest } from '../../platform/mail/mailer.ts';
import { actorOf } from '../audit/index.ts';
import { webManifestRoutes } from './web-manifest.routes.ts';

const keysOf = (query: { keys?: string }) =>
  (query.keys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

export async function settingsRoutes(app: AppInstance, ctx: AppContext) {
  const { guards, settings, audit } = ctx;
  const tags = ['system settings'];
  app.get('/public/v1/system-setting', {
    schema: {
      tags,
      summary: 'Public settings (mode, name, logo, copyright, documents, Google client id); never a secret',
      querystring: settingsQuerySchema,
      response: replies(z.array(settingSchema)),
    },
    handler: async (request) => ok(await settings.list(keysOf(request.query), { publicOnly: true })),
  });
  app.get('/v1/system-setting', {
    schema: {
      tags,
      summary: 'Settings by key (system admin); secrets masked',
      querystring: settingsQuerySchema,
      response: replies(z.array(settingSchema)),
    },
    preHandler: guards.admin('super'),
    handler: async (request) => ok(await settings.list(keysOf(request.query), { publicOnly: false })),
  });
  app.put('/v1/system-setting', {
    schema: {
      tags,
      summary: 'Change settings (system admin); secrets are stored encrypted',
      body: updateSettingsBodySchema,
      response: replies(z.array(settingSchema)),
    },
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
  app.post('/v1/system-setting/smtp/test', {
    schema: {
      tags,
      summary: "Send a test e-mail with the current SMTP settings; answers the server's reply",
      body: smtpTestBodySchema,
      response: replies(smtpTestResultSchema),
    },
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

  await webManifestRoutes(app, ctx);
}
