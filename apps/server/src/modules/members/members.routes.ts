import {
  acceptInviteBodySchema,
  acceptInviteResultSchema,
  inviteBodySchema,
  invitePreviewSchema,
  inviteSchema,
  inviteTokenQuerySchema,
  isAdminRole,
  memberListQuerySchema,
  memberPageSchema,
  memberRoleBodySchema,
  memberSchema,
  memberStatusBodySchema,
  messageResultSchema,
  pagingQuerySchema,
  translate,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearerToken, memberOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { actorOf } from '../audit/index.ts';
import { createInvitesService } from './invites.service.ts';
import { registerMemberListeners } from './member-listeners.ts';
import { createMembersService } from './members.service.ts';
import { createOrganizationExitService } from './organization-exit.service.ts';

const idParams = z.object({ id: z.uuid() });

/** Members, invitations, leaving and deleting organizations. */
export async function membersRoutes(app: AppInstance, ctx: AppContext) {
  registerMemberListeners(ctx);
  const members = createMembersService(ctx);
  const invites = createInvitesService(ctx);
  const exit = createOrganizationExitService(ctx);
  const { guards } = ctx;
  const tags = ['members'];

  app.get('/v1/workspace/members', {
    schema: {
      tags,
      summary: 'Members with search (username, name, e-mail), role and status filters, paging',
      querystring: memberListQuerySchema,
      response: replies(memberPageSchema),
    },
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await members.list(memberOf(request).workspaceId, request.query)),
  });
  app.put('/v1/workspace/members/:id/role', {
    schema: {
      tags,
      summary: 'Change a role; only owners grant or change the owner role; one owner always remains',
      params: idParams,
      body: memberRoleBodySchema,
      response: replies(memberSchema),
    },
    preHandler: guards.member('member_write'),
    handler: async (request) =>
      ok((await members.changeRole(memberOf(request), actorOf(request), request.params.id, request.body.role))!),
  });
  app.put('/v1/workspace/members/:id/status', {
    schema: {
      tags,
      summary: 'Activate or deactivate a member',
      params: idParams,
      body: memberStatusBodySchema,
      response: replies(memberSchema),
    },
    preHandler: guards.member('member_write'),
    handler: async (request) =>
      ok((await members.setActive(memberOf(request), actorOf(request), request.params.id, request.body.active))!),
  });
  app.delete('/v1/workspace/members/:id', {
    schema: {
      tags,
      summary: 'Remove a member from the organization',
      params: idParams,
      response: replies(messageResultSchema),
    },
    preHandler: guards.member('member_write'),
    handler: async (request) => {
      await members.remove(memberOf(request), actorOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });

  app.get('/v1/workspace/members/invites', {
    schema: { tags, summary: 'Pending invitations', response: replies(z.array(inviteSchema)) },
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await invites.pending(memberOf(request).workspaceId)),
  });
  app.post('/v1/workspace/members/invite', {
    schema: {
      tags,
      summary: 'Invite by e-mail: a link with an invite token is mailed; a pending invitation takes a seat',
      body: inviteBodySchema,
      response: replies(inviteSchema),
    },
    preHandler: guards.member('member_write'),
    handler: async (request) =>
      ok(await invites.invite(memberOf(request), actorOf(request), request.body.email, request.body.role)),
  });
  app.delete('/v1/workspace/members/invites/:id', {
    schema: {
      tags,
      summary: 'Withdraw a pending invitation',
      params: idParams,
      response: replies(messageResultSchema),
    },
    preHandler: guards.member('member_write'),
    handler: async (request) => {
      await invites.revoke(memberOf(request), actorOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
  app.get('/public/v1/workspace/invite', {
    schema: {
      tags,
      summary: 'What an invitation offers, for the join page',
      querystring: inviteTokenQuerySchema,
      response: replies(invitePreviewSchema),
    },
    handler: async (request) => ok(await invites.preview(request.query.token)),
  });
  app.post('/public/v1/workspace/invite/accept', {
    schema: {
      tags,
      summary: 'Accept an invitation: signed in as the invited e-mail, or with new account details (answers a token)',
      body: acceptInviteBodySchema,
      response: replies(acceptInviteResultSchema),
    },
    handler: async (request) => {
      const token = bearerToken(request);
      const principal = token ? await guards.fromToken(token) : null;
      if (principal?.kind === 'admin') throw forbidden();
      return ok(await invites.accept(request.body.token, principal?.user ?? null, request.body.account, request.ip));
    },
  });

  app.post('/v1/self/workspace/leave', {
    schema: {
      tags,
      summary: 'Leave the current organization (not the last one; an owner must leave another owner)',
      response: replies(messageResultSchema),
    },
    preHandler: guards.member(),
    handler: async (request) => {
      await exit.leave(memberOf(request), actorOf(request));
      return ok({ message: 'ok' });
    },
  });
  app.delete('/v1/self/workspace', {
    schema: {
      tags,
      summary: 'Delete the current organization and all its data (owner; not the last one)',
      response: replies(messageResultSchema),
    },
    preHandler: guards.member(),
    handler: async (request) => {
      await exit.remove(memberOf(request), actorOf(request));
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });

  app.get('/v1/workspace/audit-logs', {
    schema: {
      tags: ['audit'],
      summary: "The organization's audit log (owner or admin)",
      querystring: pagingQuerySchema.extend({ action: z.string().max(100).optional() }),
    },
    preHandler: guards.member(),
    handler: async (request) => {
      const member = memberOf(request);
      if (!isAdminRole(member.member.role)) throw forbidden();
      const { page, size, action } = request.query;
      const { rows, total } = await ctx.audit.list({ workspaceId: member.workspaceId }, { page, size, action });
      return ok(rows, { page, size, total, total_pages: Math.ceil(total / size) });
    },
  });
}
