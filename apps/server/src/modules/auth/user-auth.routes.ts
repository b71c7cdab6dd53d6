import { authEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { userOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createUserAuthService } from './user-auth.service.ts';

export async function userAuthRoutes(app: AppInstance, ctx: AppContext) {
  const service = createUserAuthService(ctx);
  const tags = ['auth'];

  app.route({
    ...routeOf(authEndpoints.login, tags),
    handler: async (request) => ok(await service.login(request.body, request.ip)),
  });
  app.route({
    ...routeOf(authEndpoints.googleLogin, tags),
    handler: async (request) => ok(await service.googleLogin(request.body)),
  });
  for (const endpoint of [authEndpoints.refresh, authEndpoints.refreshSignedIn]) {
    app.route({
      ...routeOf(endpoint, tags),
      handler: async (request) => ok(await service.refreshForWorkspace(request.body.token, request.body.workspace_id)),
    });
  }
  app.route({
    ...routeOf(authEndpoints.register, tags),
    handler: async (request) => {
      await service.register(request.body, request.ip);
      return ok({ message: translate('register_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(authEndpoints.verify, tags),
    handler: async (request) => {
      await service.verifyEmail(request.body.token);
      return ok({ message: translate('verify_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(authEndpoints.forgotPassword, tags),
    handler: async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return ok({ message: translate('forgot_password_sent', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(authEndpoints.resendVerification, tags),
    handler: async (request) => {
      const { email, username_or_email: login } = request.body;
      await service.resendVerification((email ?? login)!, request.ip);
      return ok({ message: translate('verification_sent', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(authEndpoints.resetPassword, tags),
    handler: async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return ok({ message: translate('reset_password_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(authEndpoints.changePassword, tags),
    preHandler: ctx.guards.user(),
    handler: async (request) => {
      const { user, workspaceId } = userOf(request);
      return ok({
        token: await service.changePassword(
          user,
          { old: request.body.old_password, new: request.body.new_password },
          workspaceId,
          request.ip,
        ),
      });
    },
  });
  app.route({
    ...routeOf(authEndpoints.logout, tags),
    preHandler: ctx.guards.user(),
    handler: async (request) => {
      await service.logout(userOf(request).user);
      return ok({ message: 'ok' });
    },
  });
}
