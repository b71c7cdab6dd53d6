import { adminWorkspaceEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { pageInfo } from './paging.ts';
import { createWorkspacesAdminService } from './workspaces-admin.service.ts';

export function workspacesAdminRoutes(app: AppInstance, ctx: AppContext) {
  const service = createWorkspacesAdminService(ctx);
  const { guards, audit } = ctx;
  const tags = ['admin panel: organizations'];

  app.route({
    ...routeOf(adminWorkspaceEndpoints.list, tags),
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return ok(rows, pageInfo(request.query.page, request.query.size, total));
    },
  });

  app.route({
    ...routeOf(adminWorkspaceEndpoints.members, tags),
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => ok(await service.members(request.params.id)),
  });

  app.route({
    ...routeOf(adminWorkspaceEndpoints.limits, tags),
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => ok(await service.limits(request.params.id)),
  });

  app.route({
    ...routeOf(adminWorkspaceEndpoints.setLimits, tags),
    preHandler: guards.admin('workspace_management_write'),
    handler: async (request) => {
      const change = await service.setLimits(request.params.id, request.body);
      await audit.platform(
        actorOf(request),
        { action: 'workspace.limits.update', targetType: 'workspace', targetId: request.params.id, ...change },
        request.params.id,
      );
      return ok(change.after);
    },
  });
}
