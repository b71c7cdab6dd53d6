import { systemAdminEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { adminOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { pageInfo } from './paging.ts';
import { createSystemAdminsService } from './system-admins.service.ts';

export function systemAdminsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createSystemAdminsService(ctx);
  const { guards, audit } = ctx;
  const tags = ['admin panel: system admins'];

  app.route({
    ...routeOf(systemAdminEndpoints.list, tags),
    preHandler: guards.admin('system_admin_management_read'),
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return ok(rows, pageInfo(request.query.page, request.query.size, total));
    },
  });

  app.route({
    ...routeOf(systemAdminEndpoints.create, tags),
    preHandler: guards.admin('system_admin_management_write'),
    handler: async (request) => {
      const admin = await service.create(adminOf(request).admin, request.body);
      await audit.platform(actorOf(request), {
        action: 'system_admin.create',
        targetType: 'system_admin',
        targetId: admin.id,
        targetName: admin.display_name.trim() || admin.username,
        after: { username: admin.username, email: admin.email, permissions: admin.permissions },
      });
      return ok(admin);
    },
  });

  app.route({
    ...routeOf(systemAdminEndpoints.setActive, tags),
    preHandler: guards.admin('system_admin_management_write'),
    handler: async (request) => {
      const { before, admin } = await service.setStatus(adminOf(request).admin, request.params.id, request.body.active);
      await audit.platform(actorOf(request), {
        action: 'system_admin.status',
        targetType: 'system_admin',
        targetId: admin.id,
        targetName: admin.display_name.trim() || admin.username,
        before: { status: before },
        after: { status: admin.status },
      });
      return ok(admin);
    },
  });

  app.route({
    ...routeOf(systemAdminEndpoints.permissions, tags),
    preHandler: guards.admin('system_admin_permission_read'),
    handler: async (request) => ok({ permissions: await service.permissionsOf(request.params.id) }),
  });

  app.route({
    ...routeOf(systemAdminEndpoints.setPermissions, tags),
    preHandler: guards.admin('system_admin_permission_write'),
    handler: async (request) => {
      const change = await service.setPermissions(adminOf(request).admin, request.params.id, request.body.permissions);
      await audit.platform(actorOf(request), {
        action: 'system_admin.permission.update',
        targetType: 'system_admin',
        targetId: request.params.id,
        targetName: change.name,
        before: { permissions: change.before },
        after: { permissions: change.after },
      });
      return ok({ permissions: change.effective });
    },
  });
}
