import { isAdminRole, selfEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { memberOf, userOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createEmailChange, toUserDto, updateProfile } from '../users/index.ts';
import { toWorkspaceSummary } from './workspaces.dto.ts';
import { createWorkspacesService } from './workspaces.service.ts';

export async function workspacesRoutes(app: AppInstance, ctx: AppContext) {
  const service = createWorkspacesService(ctx);
  const { guards } = ctx;
  const tags = ['workspaces'];

  app.route({
    ...routeOf(selfEndpoints.profile, tags),
    preHandler: guards.user(),
    handler: async (request) => ok(toUserDto(userOf(request).user)),
  });

  app.route({
    ...routeOf(selfEndpoints.updateProfile, tags),
    preHandler: guards.user(),
    handler: async (request) => ok(toUserDto(await updateProfile(ctx.database, userOf(request).user.id, request.body))),
  });

  const emailChange = createEmailChange(ctx);
  app.route({
    ...routeOf(selfEndpoints.changeEmail, tags),
    preHandler: guards.user(),
    handler: async (request) => {
      await emailChange.request(userOf(request).user, request.body.email, request.body.password, request.ip);
      return ok({ message: translate('email_change_sent', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(selfEndpoints.confirmEmail, tags),
    handler: async (request) => {
      await emailChange.confirm(request.body.token);
      return ok({ message: translate('email_changed', localeOf(request)) });
    },
  });

  app.route({
    ...routeOf(selfEndpoints.workspaces, tags),
    preHandler: guards.user(),
    handler: async (request) => ok(await service.listForUser(userOf(request).user.id)),
  });

  app.route({
    ...routeOf(selfEndpoints.createWorkspace, tags),
    preHandler: guards.user(),
    handler: async (request) => ok(await service.create(userOf(request).user.id, actorOf(request), request.body)),
  });

  app.route({
    ...routeOf(selfEndpoints.workspace, tags),
    preHandler: guards.member(),
    handler: async (request) => ok(toWorkspaceSummary(await service.get(memberOf(request).workspaceId))),
  });

  app.route({
    ...routeOf(selfEndpoints.updateWorkspace, tags),
    preHandler: guards.member(),
    handler: async (request) => {
      const member = memberOf(request);
      if (!isAdminRole(member.member.role)) throw forbidden();
      return ok(await service.update(member.workspaceId, request.body));
    },
  });

  app.route({
    ...routeOf(selfEndpoints.permissions, tags),
    preHandler: guards.member(),
    handler: async (request) => ok({ permissions: memberOf(request).permissions }),
  });
}
