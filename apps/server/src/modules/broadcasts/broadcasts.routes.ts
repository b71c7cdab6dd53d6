import { broadcastEndpoints, fileFormatQuerySchema } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { download, fileStream, today } from '../../platform/files/spreadsheet-file.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { requireFeature } from '../billing/index.ts';
import { exportName, recipientRows } from './broadcast-export.ts';
import { createBroadcastsService } from './broadcasts.service.ts';

/**
 * WhatsApp broadcasts (`/v1/broadcasts`): broadcast_read to see them, broadcast_write to create and steer them; with
 * billing on, every route needs a plan with the `broadcast` feature ("please upgrade your plan").
 */
export async function broadcastsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createBroadcastsService(ctx);
  const planAllows = requireFeature(ctx, 'broadcast');
  const read = ctx.guards.member('broadcast_read');
  const write = ctx.guards.member('broadcast_write');
  const group = ['broadcasts'];

  app.route({
    ...routeOf(broadcastEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const { items, page } = await service.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.create, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await service.create(memberOf(request), request.body));
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.get, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await service.get(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.pause, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await service.pause(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.resume, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await service.resume(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.cancel, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await service.cancel(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.jobs, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const { items, page } = await service.jobs(memberOf(request), request.params.id, request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(broadcastEndpoints.cancelJob, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await service.cancelJob(memberOf(request), request.params.id, request.params.job_id));
    },
  });
  app.get('/v1/broadcasts/:id/export', {
    schema: {
      tags: group,
      summary:
        "A broadcast's results, one row per recipient: customer, phone, status, skip reason, Meta's error, message id, price, sent and replied times (csv or xlsx)",
      params: broadcastEndpoints.get.params,
      querystring: fileFormatQuerySchema,
    },
    preHandler: read,
    handler: async (request, reply) => {
      await planAllows(request);
      const member = memberOf(request);
      const broadcast = await service.get(member, request.params.id);
      const { format } = request.query;
      const rows = recipientRows(
        (work) => ctx.database.withWorkspace(member.workspaceId, work),
        broadcast.id,
        localeOf(request),
      );
      return download(reply, exportName(broadcast, today()), format).send(fileStream(format, rows, 'recipients'));
    },
  });
}
