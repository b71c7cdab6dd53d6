import { templateEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { templateMediaRoutes } from './template-media.routes.ts';
import { createTemplatesService } from './templates.service.ts';

/** WhatsApp templates (`/v1/whatsapp-templates`): template_read to see them, template_write to change them. */
export async function templatesRoutes(app: AppInstance, ctx: AppContext) {
  const service = createTemplatesService(ctx);
  const read = ctx.guards.member('template_read');
  const write = ctx.guards.member('template_write');
  const group = ['whatsapp-templates'];

  app.route({
    ...routeOf(templateEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await service.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(templateEndpoints.create, group),
    preHandler: write,
    handler: async (request) => ok(await service.create(memberOf(request), request.body)),
  });
  app.route({
    ...routeOf(templateEndpoints.sync, group),
    preHandler: write,
    handler: async (request) => ok(await service.sync(memberOf(request), request.body.channel_id)),
  });
  app.route({
    ...routeOf(templateEndpoints.get, group),
    preHandler: read,
    handler: async (request) => ok(await service.get(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(templateEndpoints.update, group),
    preHandler: write,
    handler: async (request) => ok(await service.update(memberOf(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(templateEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await service.remove(memberOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
  await templateMediaRoutes(app, ctx, service);
}
