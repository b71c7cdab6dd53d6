import {
  adminListQuerySchema,
  adminWorkspaceMemberSchema,
  adminWorkspaceSchema,
  workspaceLimitsSchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { actorOf } from '../audit/index.ts';
import { pageInfo } from './paging.ts';
import { idParamsSchema } from './system-admins.routes.ts';
import { createWorkspacesAdminService } from './workspaces-admin.service.ts';

export function workspacesAdminRoutes(app: AppInstance, ctx: AppContext) {
  const service = createWorkspacesAdminService(ctx);
  const { guards, audit } = ctx;
  const tags = ['admin panel: organizations'];

  app.get('/v1/admin/workspace', {
    schema: {
      tags,
      summary: 'Every organization with its member count and owner, by keyword on the name',
      querystring: adminListQuerySchema,
      response: replies(z.array(adminWorkspaceSchema)),
    },
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return ok(rows, pageInfo(request.query.page, request.query.size, total));
    },
  });

  app.get('/v1/admin/workspace/:id/members', {
    schema: {
      tags,
      summary: "An organization's members",
      params: idParamsSchema,
      response: replies(z.array(adminWorkspaceMemberSchema)),
    },
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => ok(await service.members(request.params.id)),
  });

  app.get('/v1/admin/workspace/:id/limits', {
    schema: {
      tags,
      summary: "An organization's limits (null = unlimited), trial days and promote code",
      params: idParamsSchema,
      response: replies(workspaceLimitsSchema),
    },
    preHandler: guards.admin('workspace_management_read'),
    handler: async (request) => ok(await service.limits(request.params.id)),
  });

  app.put('/v1/admin/workspace/:id/limits', {
    schema: {
      tags,
      summary: "Set an organization's limits, trial days and promote code",
      params: idParamsSchema,
      body: workspaceLimitsSchema,
      response: replies(workspaceLimitsSchema),
    },
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
