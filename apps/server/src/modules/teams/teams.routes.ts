import {
  createTeamBodySchema,
  teamDetailSchema,
  teamListQuerySchema,
  teamSchema,
  updateTeamBodySchema,
} from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { actorOf } from '../audit/index.ts';
import { permissionsRoutes } from './permissions.routes.ts';
import { registerTeamListeners } from './team-listeners.ts';
import { createTeamsService } from './teams.service.ts';

const teamParams = z.object({ id: z.uuid({ error: 'not_found' }) });

/** Teams and workspace permission routes. */
export async function teamsRoutes(app: AppInstance, ctx: AppContext) {
  registerTeamListeners(ctx);
  const service = createTeamsService(ctx);
  const { guards } = ctx;
  const tags = ['teams'];

  app.get('/v1/teams', {
    schema: {
      tags,
      summary: 'Teams of the organization, by name, with member counts',
      querystring: teamListQuerySchema,
      response: replies(z.array(teamSchema)),
    },
    preHandler: guards.member('team_read'),
    handler: async (request) => {
      const { items, page } = await service.list(memberOf(request).workspaceId, request.query);
      return ok(items, page);
    },
  });

  app.post('/v1/teams', {
    schema: {
      tags,
      summary: 'Create a team (permissions default to the defaults.team.permissions setting)',
      body: createTeamBodySchema,
      response: replies(teamDetailSchema),
    },
    preHandler: guards.member('team_write'),
    handler: async (request) => ok(await service.create(memberOf(request), actorOf(request), request.body)),
  });

  app.get('/v1/teams/:id', {
    schema: { tags, summary: 'A team with its members', params: teamParams, response: replies(teamDetailSchema) },
    preHandler: guards.member('team_read'),
    handler: async (request) => ok(await service.get(memberOf(request).workspaceId, request.params.id)),
  });

  app.put('/v1/teams/:id', {
    schema: {
      tags,
      summary: 'Update a team; member_ids replaces its members',
      params: teamParams,
      body: updateTeamBodySchema,
      response: replies(teamDetailSchema),
    },
    preHandler: guards.member('team_write'),
    handler: async (request) =>
      ok(await service.update(memberOf(request), actorOf(request), request.params.id, request.body)),
  });

  app.delete('/v1/teams/:id', {
    schema: { tags, summary: 'Delete a team', params: teamParams, response: replies(z.null()) },
    preHandler: guards.member('team_write'),
    handler: async (request) => {
      await service.remove(memberOf(request), actorOf(request), request.params.id);
      return ok(null);
    },
  });

  await permissionsRoutes(app, ctx);
}
