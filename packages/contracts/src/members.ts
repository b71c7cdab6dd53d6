import { z } from 'zod';
import { pageInfoSchema } from './envelope.ts';
import { displayNameField, emailField, pageField, pageSizeField, passwordField, usernameField } from './fields.ts';
import { WORKSPACE_ROLES } from './permissions.ts';

export const roleField = z.enum(WORKSPACE_ROLES, { error: 'invalid_role' });

export const pagingQuerySchema = z.object({
  page: pageField,
  size: pageSizeField,
  keyword: z.string().trim().max(100).optional(),
});

export const memberListQuerySchema = pagingQuerySchema.extend({
  role: roleField.optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const memberSchema = z.object({
  id: z.uuid(),
  role: roleField,
  permissions: z.array(z.string()),
  active: z.boolean(),
  invited: z.boolean(),
  joined_at: z.number().int(),
  user: z.object({
    id: z.uuid(),
    username: z.string(),
    display_name: z.string(),
    email: z.string(),
    avatar: z.string(),
  }),
});
export type Member = z.infer<typeof memberSchema>;
export const memberPageSchema = z.object({ items: z.array(memberSchema), page: pageInfoSchema });

export const inviteBodySchema = z.object({ email: emailField, role: roleField.default('member') });
export const inviteSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleField,
  invited_by: z.string(),
  expires_at: z.number().int(),
  created_at: z.number().int(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** What the join page shows before the invitee accepts. */
export const invitePreviewSchema = z.object({
  workspace: z.object({ id: z.uuid(), name: z.string(), avatar: z.string() }),
  email: z.string(),
  role: roleField,
  invited_by: z.string(),
  /** true when an account with this e-mail exists: the invitee signs in instead of creating one */
  has_account: z.boolean(),
});
export const inviteTokenQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** Accepting: a signed-in invitee sends only the token; a new person also chooses their account details. */
export const acceptInviteBodySchema = z.object({
  token: z.string().min(1).max(512),
  account: z.object({ username: usernameField, display_name: displayNameField, password: passwordField }).optional(),
});
export const acceptInviteResultSchema = z.object({ workspace_id: z.uuid(), token: z.string().optional() });

export const memberRoleBodySchema = z.object({ role: roleField });
export const memberStatusBodySchema = z.object({ active: z.boolean() });
