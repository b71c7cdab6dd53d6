import { teamEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { permissionsRoutes } from './permissions.routes.ts';
import { createTeamsService } from './teams.service.ts';

/** Teams and workspace permission routes. */
export async function teamsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createTeamsService(ctx);
  const { guards } = ctx;
  const tags = ['teams'];

  const { list, create, get, update, remove } = teamEndpoints;

  app.route({
    ...routeOf(list, tags),
    preHandler: guards.member('team_read'),
    handler: async (request) => {
      const { items, page } = await service.list(memberOf(request).workspaceId, request.query);
      return ok(items, page);
    },
  });

  app.route({
    ...routeOf(create, tags),
    preHandler: guards.member('team_write'),
    handler: async (request) => ok(await service.create(memberOf(request), actorOf(request), request.body)),
  });

  app.route({
    ...routeOf(get, tags),
    preHandler: guards.member('team_read'),
    handler: async (request) => ok(await service.get(memberOf(request).workspaceId, request.params.id)),
  });

  app.route({
    ...routeOf(update, tags),
    preHandler: guards.member('team_write'),
    handler: async (request) =>
      ok(await service.update(memberOf(request), actorOf(request), request.params.id, request.body)),
  });

  app.route({
    ...routeOf(remove, tags),
    preHandler: guards.member('team_write'),
    handler: async (request) => {
      await service.remove(memberOf(request), actorOf(request), request.params.id);
      return ok(null);
    },
  });

  await permissionsRoutes(app, ctx);
}
