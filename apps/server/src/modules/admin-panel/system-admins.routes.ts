import {
  accountStatusBodySchema,
  adminListQuerySchema,
  adminPermissionsBodySchema,
  createSystemAdminBodySchema,
  permissionsResultSchema,
  systemAdminSchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../platform/auth/guards.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { actorOf } from '../audit/index.ts';
import { pageInfo } from './paging.ts';
import { createSystemAdminsService } from './system-admins.service.ts';

export const idParamsSchema = z.object({ id: z.uuid() });

export function systemAdminsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createSystemAdminsService(ctx);
  const { guards, audit } = ctx;
  const tags = ['admin panel: system admins'];

  app.get('/v1/admin/system-admin', {
    schema: {
      tags,
      summary: 'System admins, by keyword on username, e-mail or display name',
      querystring: adminListQuerySchema,
      response: replies(z.array(systemAdminSchema)),
    },
    preHandler: guards.admin('system_admin_management_read'),
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return ok(rows, pageInfo(request.query.page, request.query.size, total));
    },
  });

  app.post('/v1/admin/system-admin', {
    schema: {
      tags,
      summary: 'Create a system admin',
      body: createSystemAdminBodySchema,
      response: replies(systemAdminSchema),
    },
    preHandler: guards.admin('system_admin_management_write'),
    handler: async (request) => {
      const admin = await service.create(adminOf(request).admin, request.body);
      await audit.platform(actorOf(request), {
        action: 'system_admin.create',
        targetType: 'system_admin',
        targetId: admin.id,
        after: { username: admin.username, email: admin.email, permissions: admin.permissions },
      });
      return ok(admin);
    },
  });

  app.put('/v1/admin/system-admin/:id/status', {
    schema: {
      tags,
      summary: 'Activate or deactivate a system admin; deactivating ends their sessions',
      params: idParamsSchema,
      body: accountStatusBodySchema,
      response: replies(systemAdminSchema),
    },
    preHandler: guards.admin('system_admin_management_write'),
    handler: async (request) => {
      const { before, admin } = await service.setStatus(adminOf(request).admin, request.params.id, request.body.active);
      await audit.platform(actorOf(request), {
        action: 'system_admin.status',
        targetType: 'system_admin',
        targetId: admin.id,
        before: { status: before },
        after: { status: admin.status },
      });
      return ok(admin);
    },
  });

  app.get('/v1/admin/system-admin/:id/permission', {
    schema: {
      tags,
      summary: "A system admin's permissions",
      params: idParamsSchema,
      response: replies(permissionsResultSchema),
    },
    preHandler: guards.admin('system_admin_permission_read'),
    handler: async (request) => ok({ permissions: await service.permissionsOf(request.params.id) }),
  });

  app.put('/v1/admin/system-admin/:id/permission', {
    schema: {
      tags,
      summary: "Replace a system admin's permissions (not one's own)",
      params: idParamsSchema,
      body: adminPermissionsBodySchema,
      response: replies(permissionsResultSchema),
    },
    preHandler: guards.admin('system_admin_permission_write'),
    handler: async (request) => {
      const change = await service.setPermissions(adminOf(request).admin, request.params.id, request.body.permissions);
      await audit.platform(actorOf(request), {
        action: 'system_admin.permission.update',
        targetType: 'system_admin',
        targetId: request.params.id,
        before: { permissions: change.before },
        after: { permissions: change.after },
      });
      return ok({ permissions: change.effective });
    },
  });
}
