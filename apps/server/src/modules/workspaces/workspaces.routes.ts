import {
  changeEmailBodySchema,
  createWorkspaceBodySchema,
  isAdminRole,
  messageResultSchema,
  permissionsResultSchema,
  selfWorkspaceSchema,
  subscriptionCurrentSchema,
  tokenBodySchema,
  translate,
  updateProfileBodySchema,
  updateWorkspaceBodySchema,
  userSchema,
  workspaceSummarySchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf, userOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createEmailChange, toUserDto, updateProfile } from '../users/index.ts';
import { toWorkspaceSummary } from './workspaces.dto.ts';
import { createWorkspacesService } from './workspaces.service.ts';

export async function workspacesRoutes(app: AppInstance, ctx: AppContext) {
  const service = createWorkspacesService(ctx);
  const { guards } = ctx;
  const tags = ['workspaces'];

  app.get('/v1/self', {
    schema: { tags, summary: 'The signed-in user', response: replies(userSchema) },
    preHandler: guards.user(),
    handler: async (request) => ok(toUserDto(userOf(request).user)),
  });

  app.put('/v1/self', {
    schema: {
      tags,
      summary: "Update the signed-in user's display name or avatar",
      body: updateProfileBodySchema,
      response: replies(userSchema),
    },
    preHandler: guards.user(),
    handler: async (request) => ok(toUserDto(await updateProfile(ctx.database, userOf(request).user.id, request.body))),
  });

  const emailChange = createEmailChange(ctx);
  app.post('/v1/self/email', {
    schema: {
      tags,
      summary:
        'Change the e-mail address: the current password is required and the new address gets a confirmation link',
      body: changeEmailBodySchema,
      response: replies(messageResultSchema),
    },
    preHandler: guards.user(),
    handler: async (request) => {
      await emailChange.request(userOf(request).user, request.body.email, request.body.password, request.ip);
      return ok({ message: translate('email_change_sent', localeOf(request)) });
    },
  });
  app.post('/public/v1/auth/confirm-email', {
    schema: {
      tags,
      summary: 'Open the link mailed to a new address: the address becomes the account e-mail',
      body: tokenBodySchema,
      response: replies(messageResultSchema),
    },
    handler: async (request) => {
      await emailChange.confirm(request.body.token);
      return ok({ message: translate('email_changed', localeOf(request)) });
    },
  });

  app.get('/v1/self/workspaces', {
    schema: {
      tags,
      summary: 'Organizations the signed-in user belongs to',
      response: replies(z.array(selfWorkspaceSchema)),
    },
    preHandler: guards.user(),
    handler: async (request) => ok(await service.listForUser(userOf(request).user.id)),
  });

  app.post('/v1/workspace', {
    schema: {
      tags,
      summary: 'Create an organization (system mode platform); the creator becomes its owner',
      body: createWorkspaceBodySchema,
      response: replies(selfWorkspaceSchema),
    },
    preHandler: guards.user(),
    handler: async (request) => ok(await service.create(userOf(request).user.id, request.body)),
  });

  app.get('/v1/self/workspace', {
    schema: { tags, summary: 'The current organization', response: replies(workspaceSummarySchema) },
    preHandler: guards.member(),
    handler: async (request) => ok(toWorkspaceSummary(await service.get(memberOf(request).workspaceId))),
  });

  app.put('/v1/self/workspace', {
    schema: {
      tags,
      summary: 'Update the current organization (owner or admin)',
      body: updateWorkspaceBodySchema,
      response: replies(workspaceSummarySchema),
    },
    preHandler: guards.member(),
    handler: async (request) => {
      const member = memberOf(request);
      if (!isAdminRole(member.member.role)) throw forbidden();
      return ok(await service.update(member.workspaceId, request.body));
    },
  });

  app.get('/v1/workspace/member/self/permission', {
    schema: {
      tags,
      summary: "The current member's effective permissions (own, their teams', all for owners and admins)",
      response: replies(permissionsResultSchema),
    },
    preHandler: guards.member(),
    handler: async (request) => ok({ permissions: memberOf(request).permissions }),
  });

  app.get('/v1/subscription/current', {
    schema: { tags, summary: "The current organization's plan", response: replies(subscriptionCurrentSchema) },
    preHandler: guards.member(),
    handler: async (request) => ok({ plan_tag: (await service.get(memberOf(request).workspaceId)).planTag }),
  });
}
