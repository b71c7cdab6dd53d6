import { adminSchema, auditLogQuerySchema, auditLogSchema, updateAdminSelfBodySchema } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../platform/auth/guards.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { toAdminDto } from '../admins/index.ts';
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
  app.get('/v1/admin/self', {
    schema: { tags, summary: 'The signed-in system admin', response: replies(adminSchema) },
    preHandler: ctx.guards.admin(),
    handler: async (request) => ok(toAdminDto(adminOf(request).admin)),
  });
  app.put('/v1/admin/self', {
    schema: {
      tags,
      summary: "Change the signed-in admin's display name, avatar or e-mail",
      body: updateAdminSelfBodySchema,
      response: replies(adminSchema),
    },
    preHandler: ctx.guards.admin(),
    handler: async (request) => ok(await self.update(adminOf(request).admin, request.body)),
  });
  app.get('/v1/admin/audit-logs', {
    schema: {
      tags,
      summary: 'The audit log of the platform and every organization, newest first (admin flag)',
      querystring: auditLogQuerySchema,
      response: replies(z.array(auditLogSchema)),
    },
    preHandler: ctx.guards.admin('super'),
    handler: async (request) => {
      const { page, size, action } = request.query;
      const { rows, total } = await ctx.audit.list({ workspaceId: null }, { page, size, action });
      return ok(rows, pageInfo(page, size, total));
    },
  });
}
