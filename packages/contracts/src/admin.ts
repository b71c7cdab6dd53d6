import { z } from 'zod';
import { adminSchema, messageResultSchema, permissionsResultSchema, userSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import {
  displayNameField,
  emailField,
  imageDataUrlField,
  int32Field,
  pageField,
  pageSizeField,
  passwordField,
  usernameField,
} from './fields.ts';
import { ADMIN_PERMISSIONS, WORKSPACE_ROLES } from './permissions.ts';

const idParamsSchema = z.object({ id: z.uuid() });

/** Paging and keyword of the admin panel's lists. */
export const adminListQuerySchema = z.object({
  keyword: z.string().trim().max(200).optional(),
  page: pageField,
  size: pageSizeField,
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminPermissionsField = z.array(z.enum(ADMIN_PERMISSIONS, { error: 'unknown_permission' })).max(50);

export const createSystemAdminBodySchema = z.object({
  username: usernameField,
  display_name: displayNameField,
  email: emailField,
  password: passwordField,
  permissions: adminPermissionsField.optional(),
});
export type CreateSystemAdminBody = z.infer<typeof createSystemAdminBodySchema>;

export const accountStatusBodySchema = z.object({ active: z.boolean() });
export const adminPermissionsBodySchema = z.object({ permissions: adminPermissionsField });

export const updateAdminSelfBodySchema = z.object({
  display_name: displayNameField.optional(),
  avatar: imageDataUrlField.optional(),
  email: emailField.optional(),
});
export type UpdateAdminSelfBody = z.infer<typeof updateAdminSelfBodySchema>;

export const systemAdminSchema = adminSchema;

/** An organization user as the admin panel lists them: with how many organizations they belong to. */
export const adminUserSchema = userSchema.extend({ organizations: z.number().int() });
export const adminUserListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(['active', 'inactive']).optional(),
});

const personSchema = z.object({ id: z.uuid(), username: z.string(), display_name: z.string(), email: z.string() });

export const adminWorkspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string(),
  time_zone: z.string(),
  member_count: z.number().int(),
  owner: personSchema.nullable(),
  created_at: z.number().int(),
});
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

export const adminWorkspaceMemberSchema = z.object({
  id: z.uuid(),
  role: z.enum(WORKSPACE_ROLES),
  active: z.boolean(),
  invited: z.boolean(),
  joined_at: z.number().int(),
  user: personSchema,
});

/** A limit of an organization: an int4 column, so at most 2147483647. */
const limitField = int32Field({ min: 0, error: 'limit_invalid' });

/** Per-organization limits; null means unlimited. */
export const workspaceLimitsSchema = z.object({
  max_seats: limitField.nullable(),
  member_limit: limitField.nullable(),
  channel_limit: limitField.nullable(),
  ai_agent_limit: limitField.nullable(),
  trial_days: limitField,
  promote_code: z.string().trim().max(50, { error: 'promote_code_max' }).nullable(),
});
export type WorkspaceLimits = z.infer<typeof workspaceLimitsSchema>;

export { smtpTestBodySchema, smtpTestResultSchema } from './settings.ts';

export const auditLogQuerySchema = z.object({
  action: z.string().trim().max(100).optional(),
  page: pageField,
  size: pageSizeField,
});
export const auditLogSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid().nullable(),
  actor_type: z.enum(['user', 'admin', 'system']),
  actor_id: z.uuid().nullable(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** the target's name at the time (a member's display name, a team's name…); null on entries older than names */
  target_name: z.string().nullable(),
  /** the organization's name at the time; null for platform entries and entries older than names */
  workspace_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.number().int(),
});
export type AuditLogEntry = z.infer<typeof auditLogSchema>;

/** The audit logs: an organization's own (owner or admin) and the whole platform's (system admins). */
export const auditEndpoints = {
  organization: endpoint({
    method: 'GET',
    path: '/v1/workspace/audit-logs',
    query: auditLogQuerySchema,
    response: z.array(auditLogSchema),
    paged: true,
    summary: "The organization's audit log, newest first (owner or admin)",
  }),
  platform: endpoint({
    method: 'GET',
    path: '/v1/admin/audit-logs',
    query: auditLogQuerySchema,
    response: z.array(auditLogSchema),
    paged: true,
    summary: 'The audit log of the platform and every organization, newest first (admin flag)',
  }),
};

export const systemAdminEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/admin/system-admin',
    query: adminListQuerySchema,
    response: z.array(systemAdminSchema),
    paged: true,
    summary: 'System admins, by keyword on username, e-mail or display name',
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/admin/system-admin',
    body: createSystemAdminBodySchema,
    response: systemAdminSchema,
    summary: 'Create a system admin',
  }),
  setActive: endpoint({
    method: 'PUT',
    path: '/v1/admin/system-admin/:id/status',
    params: idParamsSchema,
    body: accountStatusBodySchema,
    response: systemAdminSchema,
    summary: 'Activate or deactivate a system admin; deactivating ends their sessions',
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/v1/admin/system-admin/:id/permission',
    params: idParamsSchema,
    response: permissionsResultSchema,
    summary: "A system admin's permissions",
  }),
  setPermissions: endpoint({
    method: 'PUT',
    path: '/v1/admin/system-admin/:id/permission',
    params: idParamsSchema,
    body: adminPermissionsBodySchema,
    response: permissionsResultSchema,
    summary: "Replace a system admin's permissions (not one's own)",
  }),
};

export const adminUserEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/admin/user',
    query: adminUserListQuerySchema,
    response: z.array(adminUserSchema),
    paged: true,
    summary: 'Organization users with their organization counts, by keyword and status',
  }),
  setActive: endpoint({
    method: 'PUT',
    path: '/v1/admin/user/:id/status',
    params: idParamsSchema,
    body: accountStatusBodySchema,
    response: userSchema,
    summary: 'Activate or deactivate a user; deactivating ends their sessions',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/v1/admin/user/:id/reset-password',
    params: idParamsSchema,
    response: messageResultSchema,
    summary: 'E-mail the user a password reset link',
  }),
};

export const adminWorkspaceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/admin/workspace',
    query: adminListQuerySchema,
    response: z.array(adminWorkspaceSchema),
    paged: true,
    summary: 'Every organization with its member count and owner, by keyword on the name',
  }),
  members: endpoint({
    method: 'GET',
    path: '/v1/admin/workspace/:id/members',
    params: idParamsSchema,
    response: z.array(adminWorkspaceMemberSchema),
    summary: "An organization's members",
  }),
  limits: endpoint({
    method: 'GET',
    path: '/v1/admin/workspace/:id/limits',
    params: idParamsSchema,
    response: workspaceLimitsSchema,
    summary: "An organization's limits (null = unlimited), trial days and promote code",
  }),
  setLimits: endpoint({
    method: 'PUT',
    path: '/v1/admin/workspace/:id/limits',
    params: idParamsSchema,
    body: workspaceLimitsSchema,
    response: workspaceLimitsSchema,
    summary: "Set an organization's limits, trial days and promote code",
  }),
};

export const adminSelfEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/v1/admin/self',
    response: adminSchema,
    summary: 'The signed-in system admin',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/v1/admin/self',
    body: updateAdminSelfBodySchema,
    response: adminSchema,
    summary: "Change the signed-in admin's display name, avatar or e-mail",
  }),
};
