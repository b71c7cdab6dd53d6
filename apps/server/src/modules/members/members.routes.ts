import { auditEndpoints, isAdminRole, memberEndpoints, selfEndpoints, translate } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { bearerToken, memberOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { createAuditLog } from '../audit/index.ts';
import { createInvitesService } from './invites.service.ts';
import { createMembersService } from './members.service.ts';
import { createOrganizationExitService } from './organization-exit.service.ts';

/** Members, invitations, leaving and deleting organizations. */
export async function membersRoutes(app: AppInstance, ctx: AppContext) {
  const members = createMembersService(ctx);
  const invites = createInvitesService(ctx);
  const exit = createOrganizationExitService(ctx);
  const { guards } = ctx;
  const tags = ['members'];

  const {
    list,
    changeRole,
    setActive,
    remove,
    invites: pending,
    invite,
    resendInvite,
    withdrawInvite,
  } = memberEndpoints;
  const { invitePreview, acceptInvite, leaveWorkspace, deleteWorkspace } = memberEndpoints;

  app.route({
    ...routeOf(list, tags),
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await members.list(memberOf(request).workspaceId, request.query)),
  });
  app.route({
    ...routeOf(changeRole, tags),
    preHandler: guards.member('member_write'),
    handler: async (request) =>
      ok((await members.changeRole(memberOf(request), actorOf(request), request.params.id, request.body.role))!),
  });
  app.route({
    ...routeOf(setActive, tags),
    preHandler: guards.member('member_write'),
    handler: async (request) =>
      ok((await members.setActive(memberOf(request), actorOf(request), request.params.id, request.body.active))!),
  });
  app.route({
    ...routeOf(remove, tags),
    preHandler: guards.member('member_write'),
    handler: async (request) => {
      await members.remove(memberOf(request), actorOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });

  app.route({
    ...routeOf(pending, tags),
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await invites.pending(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(invite, tags),
    preHandler: guards.member('member_write'),
    handler: async (request) =>
      ok(await invites.invite(memberOf(request), actorOf(request), request.body.email, request.body.role)),
  });
  app.route({
    ...routeOf(resendInvite, tags),
    preHandler: guards.member('member_write'),
    handler: async (request) => ok(await invites.resend(memberOf(request), actorOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(withdrawInvite, tags),
    preHandler: guards.member('member_write'),
    handler: async (request) => {
      await invites.revoke(memberOf(request), actorOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(invitePreview, tags),
    handler: async (request) => ok(await invites.preview(request.query.token)),
  });
  app.route({
    ...routeOf(acceptInvite, tags),
    handler: async (request) => {
      const token = bearerToken(request);
      const principal = token ? await guards.fromToken(token) : null;
      if (principal?.kind === 'admin') throw forbidden();
      return ok(await invites.accept(request.body.token, principal?.user ?? null, request.body.account, request.ip));
    },
  });

  app.route({
    ...routeOf(leaveWorkspace, tags),
    preHandler: guards.member(),
    handler: async (request) => {
      await exit.leave(memberOf(request), actorOf(request));
      return ok({ message: 'ok' });
    },
  });
  app.route({
    ...routeOf(deleteWorkspace, tags),
    preHandler: guards.member(),
    handler: async (request) => {
      await exit.remove(memberOf(request), actorOf(request));
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });

  // the signed-in member's availability in the current organization: any active member sets their own
  app.route({
    ...routeOf(selfEndpoints.availability, tags),
    preHandler: guards.member(),
    handler: async (request) => ok({ status: memberOf(request).member.availability }),
  });
  app.route({
    ...routeOf(selfEndpoints.setAvailability, tags),
    preHandler: guards.member(),
    handler: async (request) => ok(await members.setAvailability(memberOf(request), request.body.status)),
  });

  app.route({
    ...routeOf(auditEndpoints.organization, ['audit']),
    preHandler: guards.member(),
    handler: async (request) => {
      const member = memberOf(request);
      if (!isAdminRole(member.member.role)) throw forbidden();
      const { page, size, action } = request.query;
      const { rows, total } = await createAuditLog(ctx.database).list(
        { workspaceId: member.workspaceId },
        { page, size, action },
      );
      return ok(rows, { page, size, total, total_pages: Math.ceil(total / size) });
    },
  });
}
