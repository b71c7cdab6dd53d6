import { adminSelfEndpoints, auditEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { toAdminDto } from '../admins/index.ts';
import { createAuditLog } from '../audit/index.ts';
import { createAdminSelfService } from './admin-self.service.ts';
import { pageInfo } from './paging.ts';
import { systemAdminsRoutes } from './system-admins.routes.ts';
import { usersAdminRoutes } from './users-admin.routes.ts';
import { workspacesAdminRoutes } from './workspaces-admin.routes.ts';

/** System-admin panel routes: system admins, users, organizations, the admin's own profile, the audit log. */
export async function adminPanelRoutes(app: AppInstance, ctx: AppContext) {
  systemAdminsRoutes(app, ctx);
  usersAdminRoutes(app, ctx);
  workspacesAdminRoutes(app, ctx);

  const self = createAdminSelfService(ctx);
  const tags = ['admin panel'];
  app.route({
    ...routeOf(adminSelfEndpoints.get, tags),
    preHandler: ctx.guards.admin(),
    handler: async (request) => ok(toAdminDto(adminOf(request).admin)),
  });
  app.route({
    ...routeOf(adminSelfEndpoints.update, tags),
    preHandler: ctx.guards.admin(),
    handler: async (request) => ok(await self.update(adminOf(request).admin, request.body)),
  });
  app.route({
    ...routeOf(auditEndpoints.platform, tags),
    preHandler: ctx.guards.admin('super'),
    handler: async (request) => {
      const { page, size, action } = request.query;
      const { rows, total } = await createAuditLog(ctx.database).list({ workspaceId: null }, { page, size, action });
      return ok(rows, pageInfo(page, size, total));
    },
  });
}
