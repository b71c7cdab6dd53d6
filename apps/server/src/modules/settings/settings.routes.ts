import { settingSchema, settingsQuerySchema, updateSettingsBodySchema } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';

const keysOf = (query: { keys?: string }) =>
  (query.keys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

export async function settingsRoutes(app: AppInstance, { guards, settings }: AppContext) {
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
      summary: 'Change settings (system admin)',
      body: updateSettingsBodySchema,
      response: replies(z.array(settingSchema)),
    },
    preHandler: guards.admin('super'),
    handler: async (request) => {
      await settings.update(request.body.settings);
      return ok(
        await settings.list(
          request.body.settings.map((entry) => entry.key),
          { publicOnly: false },
        ),
      );
    },
  });
}
