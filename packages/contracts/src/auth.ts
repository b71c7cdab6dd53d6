import { z } from 'zod';
import { displayNameField, emailField, imageDataUrlField, passwordField, usernameField } from './fields.ts';
import { LIMITS } from './limits.ts';
import { WORKSPACE_ROLES } from './permissions.ts';

export const loginBodySchema = z.object({
  username_or_email: z
    .string({ error: 'username_or_email_required' })
    .trim()
    .min(1, { error: 'username_or_email_required' })
    .max(LIMITS.emailMax, { error: 'invalid_credentials' }),
  password: z
    .string({ error: 'password_required' })
    .min(1, { error: 'password_required' })
    .max(LIMITS.passwordMax, { error: 'password_too_long' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const googleLoginBodySchema = z.object({
  id_token: z.string().min(1).max(8192),
  google_id: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  email: z.string().max(LIMITS.emailMax).optional(),
  avatar: z.string().max(2048).optional(),
});
export type GoogleLoginBody = z.infer<typeof googleLoginBodySchema>;

export const refreshBodySchema = z.object({ token: z.string().min(1).max(4096) });
export const workspaceRefreshBodySchema = z.object({
  token: z
    .string({ error: 'workspace_and_token_required' })
    .min(1, { error: 'workspace_and_token_required' })
    .max(4096),
  workspace_id: z.uuid({ error: 'workspace_and_token_required' }),
});

export const registerBodySchema = z
  .object({
    username: usernameField,
    display_name: displayNameField,
    email: emailField,
    password: passwordField,
    confirm_password: z.string({ error: 'confirm_password_required' }).min(1, { error: 'confirm_password_required' }),
  })
  .refine((body) => body.password === body.confirm_password, {
    error: 'passwords_do_not_match',
    path: ['confirm_password'],
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const tokenBodySchema = z.object({ token: z.string().min(1).max(512) });
export const forgotPasswordBodySchema = z.object({ email: emailField });
export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(1).max(512),
    password: passwordField,
    confirm_password: z.string({ error: 'confirm_password_required' }).min(1, { error: 'confirm_password_required' }),
  })
  .refine((body) => body.password === body.confirm_password, {
    error: 'passwords_do_not_match',
    path: ['confirm_password'],
  });
export const changePasswordBodySchema = z
  .object({
    old_password: z
      .string({ error: 'password_required' })
      .min(1, { error: 'password_required' })
      .max(LIMITS.passwordMax),
    new_password: passwordField,
    confirm_password: z.string({ error: 'confirm_password_required' }).min(1, { error: 'confirm_password_required' }),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    error: 'passwords_do_not_match',
    path: ['confirm_password'],
  });

/** A signed-in organization user (system user). */
export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  avatar: z.string(),
  status: z.enum(['active', 'inactive']),
  email_verified: z.boolean(),
  invited: z.boolean(),
  invited_at: z.number().int(),
  created_at: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const adminSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  avatar: z.string(),
  admin: z.boolean(),
  status: z.enum(['active', 'inactive']),
  permissions: z.array(z.string()),
  created_at: z.number().int(),
});
export type Admin = z.infer<typeof adminSchema>;

export const workspaceSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string(),
  time_zone: z.string(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** One organization the user belongs to (GET /v1/self/workspaces). */
export const selfWorkspaceSchema = workspaceSummarySchema.extend({
  member_id: z.uuid(),
  role: z.enum(WORKSPACE_ROLES),
});
export type SelfWorkspace = z.infer<typeof selfWorkspaceSchema>;

/** The workspace member record answered by the workspace token refresh: workspace and nested user. */
export const workspaceMemberSchema = z.object({
  id: z.uuid(),
  role: z.enum(WORKSPACE_ROLES),
  permissions: z.array(z.string()),
  active: z.boolean(),
  invited: z.boolean(),
  joined_at: z.number().int(),
  workspace: workspaceSummarySchema.extend({ user: userSchema }),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const userLoginResultSchema = z.object({ user: userSchema, token: z.string() });
export const adminLoginResultSchema = z.object({ admin: adminSchema, token: z.string() });
export const workspaceRefreshResultSchema = z.object({ workspace: workspaceMemberSchema, token: z.string() });
export const tokenResultSchema = z.object({ token: z.string() });
export const messageResultSchema = z.object({ message: z.string() });
export const permissionsResultSchema = z.object({ permissions: z.array(z.string()) });

export const updateProfileBodySchema = z.object({
  display_name: displayNameField.optional(),
  avatar: imageDataUrlField.optional(),
});

export const changeEmailBodySchema = z.object({
  email: emailField,
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(LIMITS.passwordMax),
});
