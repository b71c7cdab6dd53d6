import { adminAuthEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../platform/auth/guards.ts';
import { adminPermissions } from '../../platform/auth/permissions.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createAdminAuthService } from './admin-auth.service.ts';

export async function adminAuthRoutes(app: AppInstance, ctx: AppContext) {
  const service = createAdminAuthService(ctx);
  const tags = ['admin auth'];

  app.route({
    ...routeOf(adminAuthEndpoints.login, tags),
    handler: async (request) => ok(await service.login(request.body, request.ip)),
  });
  app.route({
    ...routeOf(adminAuthEndpoints.googleLogin, tags),
    handler: async (request) => ok(await service.googleLogin(request.body)),
  });
  for (const endpoint of [adminAuthEndpoints.refresh, adminAuthEndpoints.refreshSignedIn]) {
    app.route({
      ...routeOf(endpoint, tags),
      handler: async (request) => ok(await service.refresh(request.body.token)),
    });
  }
  app.route({
    ...routeOf(adminAuthEndpoints.forgotPassword, tags),
    handler: async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return ok({ message: translate('forgot_password_sent', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(adminAuthEndpoints.resetPassword, tags),
    handler: async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return ok({ message: translate('reset_password_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(adminAuthEndpoints.changePassword, tags),
    preHandler: ctx.guards.admin(),
    handler: async (request) =>
      ok({
        token: await service.changePassword(
          adminOf(request).admin,
          request.body.old_password,
          request.body.new_password,
        ),
      }),
  });
  app.route({
    ...routeOf(adminAuthEndpoints.logout, tags),
    preHandler: ctx.guards.admin(),
    handler: async (request) => {
      await service.logout(adminOf(request).admin);
      return ok({ message: 'ok' });
    },
  });
  app.route({
    ...routeOf(adminAuthEndpoints.permissions, tags),
    preHandler: ctx.guards.admin(),
    handler: async (request) => ok({ permissions: adminPermissions(adminOf(request).admin) }),
  });
}
