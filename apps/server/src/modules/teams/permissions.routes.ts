import { isAdminRole, permissionEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createPermissionsService } from './permissions.service.ts';

/** SPEC 7 permission endpoints of an organization: the default set for new members, and each member's list. */
export async function permissionsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createPermissionsService(ctx);
  const { guards } = ctx;
  const tags = ['permissions'];
  const ownerOrAdmin = async (request: Parameters<ReturnType<typeof guards.member>>[0]) => {
    await guards.member()(request);
    if (!isAdminRole(memberOf(request).member.role)) throw forbidden();
  };

  app.route({
    ...routeOf(permissionEndpoints.defaults, tags),
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await service.getDefault(memberOf(request).workspaceId)),
  });

  app.route({
    ...routeOf(permissionEndpoints.setDefaults, tags),
    preHandler: ownerOrAdmin,
    handler: async (request) =>
      ok(await service.setDefault(memberOf(request).workspaceId, actorOf(request), request.body.permissions)),
  });

  app.route({
    ...routeOf(permissionEndpoints.member, tags),
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await service.getMember(memberOf(request).workspaceId, request.params.id)),
  });

  app.route({
    ...routeOf(permissionEndpoints.setMember, tags),
    preHandler: ownerOrAdmin,
    handler: async (request) =>
      ok(
        await service.setMember(
          memberOf(request).workspaceId,
          actorOf(request),
          request.params.id,
          request.body.permissions,
        ),
      ),
  });
}
