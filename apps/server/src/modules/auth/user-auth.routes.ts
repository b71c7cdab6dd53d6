import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginBodySchema,
  messageResultSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  tokenResultSchema,
  translate,
  userLoginResultSchema,
  workspaceRefreshBodySchema,
  workspaceRefreshResultSchema,
} from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { userOf } from '../../platform/auth/guards.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createUserAuthService } from './user-auth.service.ts';

export async function userAuthRoutes(app: AppInstance, ctx: AppContext) {
  const service = createUserAuthService(ctx);
  const tags = ['auth'];

  app.post('/public/v1/auth/login', {
    schema: {
      tags,
      summary: 'Sign in with username or e-mail and password',
      body: loginBodySchema,
      response: replies(userLoginResultSchema),
    },
    handler: async (request) => ok(await service.login(request.body, request.ip)),
  });
  app.post('/public/v1/auth/google/login', {
    schema: {
      tags,
      summary: 'Sign in with a Google id_token; the first sign-in creates the user',
      body: googleLoginBodySchema,
      response: replies(userLoginResultSchema),
    },
    handler: async (request) => ok(await service.googleLogin(request.body)),
  });
  for (const url of ['/public/v1/auth/refresh-token', '/v1/auth/refresh-token']) {
    app.post(url, {
      schema: {
        tags,
        summary: 'Bind a user token to an organization: the member record and a new token',
        body: workspaceRefreshBodySchema,
        response: replies(workspaceRefreshResultSchema),
      },
      handler: async (request) => ok(await service.refreshForWorkspace(request.body.token, request.body.workspace_id)),
    });
  }
  app.post('/public/v1/auth/register', {
    schema: {
      tags,
      summary: 'Sign up; a verification link is e-mailed',
      body: registerBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.register(request.body, request.ip);
      return ok({ message: translate('register_success', localeOf(request)) });
    },
  });
  app.post('/public/v1/auth/verify', {
    schema: {
      tags,
      summary: 'Verify an e-mail address with the mailed token',
      body: tokenBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.verifyEmail(request.body.token);
      return ok({ message: translate('verify_success', localeOf(request)) });
    },
  });
  app.post('/public/v1/auth/forgot-password', {
    schema: {
      tags,
      summary: 'E-mail a password reset link (same answer whether or not the address exists)',
      body: forgotPasswordBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return ok({ message: translate('forgot_password_sent', localeOf(request)) });
    },
  });
  app.post('/public/v1/auth/resend-verification', {
    schema: {
      tags,
      summary: 'E-mail a new verification link (same answer whether or not the address needs one)',
      body: forgotPasswordBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.resendVerification(request.body.email, request.ip);
      return ok({ message: translate('verification_sent', localeOf(request)) });
    },
  });
  app.post('/public/v1/auth/reset-password', {
    schema: {
      tags,
      summary: 'Choose a new password with the mailed token; signs out every session',
      body: resetPasswordBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return ok({ message: translate('reset_password_success', localeOf(request)) });
    },
  });
  app.post('/v1/auth/change-password', {
    schema: {
      tags,
      summary: 'Change password (old one required); other sessions are signed out',
      body: changePasswordBodySchema,
      response: replies(tokenResultSchema),
    },
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
  app.post('/v1/auth/logout', {
    schema: {
      tags,
      summary: 'Sign out: every token of this user stops working',
      response: replies(messageResultSchema),
    },
    preHandler: ctx.guards.user(),
    handler: async (request) => {
      await service.logout(userOf(request).user);
      return ok({ message: 'ok' });
    },
  });
}
