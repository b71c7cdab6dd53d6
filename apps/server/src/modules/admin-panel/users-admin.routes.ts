import { adminUserEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf, personName } from '../../platform/auth/actor.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { pageInfo } from './paging.ts';
import { createUsersAdminService } from './users-admin.service.ts';

export function usersAdminRoutes(app: AppInstance, ctx: AppContext) {
  const service = createUsersAdminService(ctx);
  const { guards, audit } = ctx;
  const tags = ['admin panel: users'];

  app.route({
    ...routeOf(adminUserEndpoints.list, tags),
    preHandler: guards.admin('system_user_management_read'),
    handler: async (request) => {
      const { rows, total } = await service.list(request.query);
      return ok(rows, pageInfo(request.query.page, request.query.size, total));
    },
  });

  app.route({
    ...routeOf(adminUserEndpoints.setActive, tags),
    preHandler: guards.admin('system_user_management_write'),
    handler: async (request) => {
      const { before, user } = await service.setStatus(request.params.id, request.body.active);
      await audit.platform(actorOf(request), {
        action: 'user.status',
        targetType: 'user',
        targetId: user.id,
        targetName: user.display_name.trim() || user.username,
        before: { status: before },
        after: { status: user.status },
      });
      return ok(user);
    },
  });

  app.route({
    ...routeOf(adminUserEndpoints.resetPassword, tags),
    preHandler: guards.admin('system_user_management_write'),
    handler: async (request) => {
      const user = await service.sendPasswordReset(request.params.id);
      await audit.platform(actorOf(request), {
        action: 'user.reset_password',
        targetType: 'user',
        targetId: user.id,
        targetName: personName(user),
        after: { email: user.email },
      });
      return ok({ message: translate('reset_password_mail_sent', localeOf(request)) });
    },
  });
}
