import {
  adminLoginResultSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  messageResultSchema,
  permissionsResultSchema,
  refreshBodySchema,
  resetPasswordBodySchema,
  tokenResultSchema,
  translate,
} from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { adminOf } from '../../platform/auth/guards.ts';
import { adminPermissions } from '../../platform/auth/permissions.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createAdminAuthService } from './admin-auth.service.ts';

export async function adminAuthRoutes(app: AppInstance, ctx: AppContext) {
  const service = createAdminAuthService(ctx);
  const tags = ['admin auth'];

  app.post('/public/v1/admin/auth/login', {
    schema: { tags, summary: 'System admin sign-in', body: loginBodySchema, response: replies(adminLoginResultSchema) },
    handler: async (request) => ok(await service.login(request.body, request.ip)),
  });
  app.post('/public/v1/admin/auth/google/login', {
    schema: {
      tags,
      summary: 'System admin sign-in with Google (existing admins only)',
      body: googleLoginBodySchema,
      response: replies(adminLoginResultSchema),
    },
    handler: async (request) => ok(await service.googleLogin(request.body)),
  });
  for (const url of ['/public/v1/admin/auth/refresh-token', '/v1/admin/auth/refresh-token']) {
    app.post(url, {
      schema: {
        tags,
        summary: 'A fresh admin token for a valid one',
        body: refreshBodySchema,
        response: replies(adminLoginResultSchema),
      },
      handler: async (request) => ok(await service.refresh(request.body.token)),
    });
  }
  app.post('/public/v1/admin/auth/forgot-password', {
    schema: {
      tags,
      summary: 'E-mail an admin password reset link',
      body: forgotPasswordBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return ok({ message: translate('forgot_password_sent', localeOf(request)) });
    },
  });
  app.post('/public/v1/admin/auth/reset-password', {
    schema: {
      tags,
      summary: 'Choose a new admin password with the mailed token',
      body: resetPasswordBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return ok({ message: translate('reset_password_success', localeOf(request)) });
    },
  });
  app.post('/v1/admin/auth/change-password', {
    schema: {
      tags,
      summary: 'Change the admin password; other sessions are signed out',
      body: changePasswordBodySchema,
      response: replies(tokenResultSchema),
    },
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
  app.post('/v1/admin/auth/logout', {
    schema: {
      tags,
      summary: 'Admin sign-out: every token of this admin stops working',
      response: replies(messageResultSchema),
    },
    preHandler: ctx.guards.admin(),
    handler: async (request) => {
      await service.logout(adminOf(request).admin);
      return ok({ message: 'ok' });
    },
  });
  app.get('/v1/admin/self/permission', {
    schema: { tags, summary: "The signed-in admin's permissions", response: replies(permissionsResultSchema) },
    preHandler: ctx.guards.admin(),
    handler: async (request) => ok({ permissions: adminPermissions(adminOf(request).admin) }),
  });
}
