import { broadcastEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createBroadcastsService } from './broadcasts.service.ts';

/** WhatsApp broadcasts (`/v1/broadcasts`): broadcast_read to see them, broadcast_write to create and steer them. */
export async function broadcastsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createBroadcastsService(ctx);
  const read = ctx.guards.member('broadcast_read');
  const write = ctx.guards.member('broadcast_write');
  const group = ['broadcasts'];

  app.route({
    ...routeOf(broadcastEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await service.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.create, group),
    preHandler: write,
    handler: async (request) => ok(await service.create(memberOf(request), request.body)),
  });
  app.route({
    ...routeOf(broadcastEndpoints.get, group),
    preHandler: read,
    handler: async (request) => ok(await service.get(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(broadcastEndpoints.pause, group),
    preHandler: write,
    handler: async (request) => ok(await service.pause(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(broadcastEndpoints.resume, group),
    preHandler: write,
    handler: async (request) => ok(await service.resume(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(broadcastEndpoints.cancel, group),
    preHandler: write,
    handler: async (request) => ok(await service.cancel(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(broadcastEndpoints.jobs, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await service.jobs(memberOf(request), request.params.id, request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.cancelJob, group),
    preHandler: write,
    handler: async (request) =>
      ok(await service.cancelJob(memberOf(request), request.params.id, request.params.job_id)),
  });
}
