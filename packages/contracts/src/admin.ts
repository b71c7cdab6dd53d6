import { z } from 'zod';
import { adminSchema, userSchema } from './auth.ts';
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

export const smtpTestBodySchema = z.object({ to: emailField });
export const smtpTestResultSchema = z.object({ response: z.string() });

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
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  created_at: z.number().int(),
});
