import { z } from 'zod';
import { permissionsResultSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField, sortField, sortOrderField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { WORKSPACE_PERMISSIONS, type WorkspacePermission } from './permissions.ts';

const memberParams = z.object({ id: z.uuid({ error: 'not_found' }) });

/** A workspace permission name; anything else is refused with a field error. */
export const workspacePermissionField = z.enum(
  WORKSPACE_PERMISSIONS as unknown as [WorkspacePermission, ...WorkspacePermission[]],
  { error: 'unknown_permission' },
);

/** A list of workspace permissions, without repeats. */
export const permissionListField = z
  .array(workspacePermissionField, { error: 'request_invalid' })
  .max(WORKSPACE_PERMISSIONS.length * 4, { error: 'request_invalid' })
  .transform((list) => [...new Set(list)]);

export const permissionsBodySchema = z.object({ permissions: permissionListField });
export type PermissionsBody = z.infer<typeof permissionsBodySchema>;

/** A member's own list (what PUT sets) and what they hold with their teams and role. */
export const memberPermissionSchema = z.object({
  permissions: z.array(z.string()),
  effective_permissions: z.array(z.string()),
});

export const teamNameField = z
  .string({ error: 'team_name_required' })
  .trim()
  .min(1, { error: 'team_name_required' })
  .max(LIMITS.teamNameMax - 1, { error: 'team_name_max' });

export const createTeamBodySchema = z.object({
  name: teamNameField,
  description: z.string().trim().max(LIMITS.teamDescriptionMax, { error: 'team_description_max' }).optional(),
  permissions: permissionListField.optional(),
  member_ids: z
    .array(z.uuid({ error: 'team_member_not_found' }), { error: 'request_invalid' })
    .max(1000, { error: 'request_invalid' })
    .transform((ids) => [...new Set(ids)])
    .optional(),
});
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;
/** Every field optional; `member_ids`, when given, replaces the whole member set. */
export const updateTeamBodySchema = createTeamBodySchema.partial();
export type UpdateTeamBody = z.infer<typeof updateTeamBodySchema>;

export const teamListQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  page: pageField,
  size: pageSizeField,
  sort: sortField(['name', 'member_count', 'created_at']),
  order: sortOrderField,
});
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  member_count: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamMemberSchema = z.object({
  id: z.uuid(),
  role: z.string(),
  user: z.object({
    id: z.uuid(),
    username: z.string(),
    display_name: z.string(),
    email: z.string(),
    avatar: z.string(),
  }),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamDetailSchema = teamSchema.extend({ members: z.array(teamMemberSchema) });
export type TeamDetail = z.infer<typeof teamDetailSchema>;

const teamParams = z.object({ id: z.uuid({ error: 'not_found' }) });

/** The teams API (SPEC 7). */
export const teamEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/teams',
    query: teamListQuerySchema,
    response: z.array(teamSchema),
    paged: true,
    summary: 'Teams of the organization, by name, with member counts',
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/teams',
    body: createTeamBodySchema,
    response: teamDetailSchema,
    summary: 'Create a team (permissions default to the defaults.team.permissions setting)',
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/teams/:id',
    params: teamParams,
    response: teamDetailSchema,
    summary: 'A team with its members',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/teams/:id',
    params: teamParams,
    body: updateTeamBodySchema,
    response: teamDetailSchema,
    summary: 'Update a team; member_ids replaces its members',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/teams/:id',
    params: teamParams,
    response: z.null(),
    summary: 'Delete a team',
  }),
};

export const permissionEndpoints = {
  defaults: endpoint({
    method: 'GET',
    path: '/v1/workspace/member/permission/default',
    response: permissionsResultSchema,
    summary: 'Permissions newly joined members get',
  }),
  setDefaults: endpoint({
    method: 'PUT',
    path: '/v1/workspace/member/permission/default',
    body: permissionsBodySchema,
    response: permissionsResultSchema,
    summary: 'Replace the permissions newly joined members get (owner or admin)',
  }),
  member: endpoint({
    method: 'GET',
    path: '/v1/workspace/member/:id/permission',
    params: memberParams,
    response: memberPermissionSchema,
    summary: "A member's own permissions and their effective ones (with teams; all for owners and admins)",
  }),
  setMember: endpoint({
    method: 'PUT',
    path: '/v1/workspace/member/:id/permission',
    params: memberParams,
    body: permissionsBodySchema,
    response: memberPermissionSchema,
    summary: "Replace a member's or viewer's own permissions (owner or admin)",
  }),
};
