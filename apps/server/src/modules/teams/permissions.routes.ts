import {
  isAdminRole,
  memberPermissionSchema,
  permissionsBodySchema,
  permissionsResultSchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { forbidden } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { actorOf } from '../audit/index.ts';
import { createPermissionsService } from './permissions.service.ts';

const memberParams = z.object({ id: z.uuid({ error: 'not_found' }) });

/** SPEC 7 permission endpoints of an organization: the default set for new members, and each member's list. */
export async function permissionsRoutes(app: AppInstance, ctx: AppContext) {
  const service = createPermissionsService(ctx);
  const { guards } = ctx;
  const tags = ['permissions'];
  const ownerOrAdmin = async (request: Parameters<ReturnType<typeof guards.member>>[0]) => {
    await guards.member()(request);
    if (!isAdminRole(memberOf(request).member.role)) throw forbidden();
  };

  app.get('/v1/workspace/member/permission/default', {
    schema: { tags, summary: 'Permissions newly joined members get', response: replies(permissionsResultSchema) },
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await service.getDefault(memberOf(request).workspaceId)),
  });

  app.put('/v1/workspace/member/permission/default', {
    schema: {
      tags,
      summary: 'Replace the permissions newly joined members get (owner or admin)',
      body: permissionsBodySchema,
      response: replies(permissionsResultSchema),
    },
    preHandler: ownerOrAdmin,
    handler: async (request) =>
      ok(await service.setDefault(memberOf(request).workspaceId, actorOf(request), request.body.permissions)),
  });

  app.get('/v1/workspace/member/:id/permission', {
    schema: {
      tags,
      summary: "A member's own permissions and their effective ones (with teams; all for owners and admins)",
      params: memberParams,
      response: replies(memberPermissionSchema),
    },
    preHandler: guards.member('member_read'),
    handler: async (request) => ok(await service.getMember(memberOf(request).workspaceId, request.params.id)),
  });

  app.put('/v1/workspace/member/:id/permission', {
    schema: {
      tags,
      summary: "Replace a member's or viewer's own permissions (owner or admin)",
      params: memberParams,
      body: permissionsBodySchema,
      response: replies(memberPermissionSchema),
    },
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
