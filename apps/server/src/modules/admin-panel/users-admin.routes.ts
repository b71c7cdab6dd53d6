import {
  accountStatusBodySchema,
  adminUserListQuerySchema,
  adminUserSchema,
  messageResultSchema,
  translate,
  userSchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { actorOf } from '../audit/index.ts';
import { pageInfo } from './paging.ts';
import { idParamsSchema } from './system-admins.routes.ts';
import { createUsersAdminService } from './users-admin.service.ts';

export function usersAdminRoutes(app: AppInstance, ctx: AppContext) {
  const service = createUsersAdminService(ctx);
  const { guards, audit } = ctx;
  const tags = ['admin panel: users'];

  app.get('/v1/admin/user', {
    schema: {
      tags,
      summary: 'Organization users with their organization counts, by keyword and status',
      querystring: adminUserListQuerySchema,
      response: replies(z.array(adminUserSchema)),
    },
    preHandler: guards.admin('system_user_management_read'),
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return ok(rows, pageInfo(request.query.page, request.query.size, total));
    },
  });

  app.put('/v1/admin/user/:id/status', {
    schema: {
      tags,
      summary: 'Activate or deactivate a user; deactivating ends their sessions',
      params: idParamsSchema,
      body: accountStatusBodySchema,
      response: replies(userSchema),
    },
    preHandler: guards.admin('system_user_management_write'),
    handler: async (request) => {
      const { before, user } = await service.setStatus(request.params.id, request.body.active);
      await audit.platform(actorOf(request), {
        action: 'user.status',
        targetType: 'user',
        targetId: user.id,
        before: { status: before },
        after: { status: user.status },
      });
      return ok(user);
    },
  });

  app.post('/v1/admin/user/:id/reset-password', {
    schema: {
      tags,
      summary: 'E-mail the user a password reset link',
      params: idParamsSchema,
      response: replies(messageResultSchema),
    },
    preHandler: guards.admin('system_user_management_write'),
    handler: async (request) => {
      const user = await service.sendPasswordReset(request.params.id);
      await audit.platform(actorOf(request), {
        action: 'user.reset_password',
        targetType: 'user',
        targetId: user.id,
        after: { email: user.email },
      });
      return ok({ message: translate('reset_password_mail_sent', localeOf(request)) });
    },
  });
}
