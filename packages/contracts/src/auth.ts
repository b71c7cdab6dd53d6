import { z } from 'zod';
import { availabilityField } from './availability.ts';
import { endpoint } from './endpoint.ts';
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
/**
 * A new verification link: for an address (the resend page), or for what the user typed on the sign-in page that
 * answered "please verify your e-mail address" (a username or an address).
 */
export const resendVerificationBodySchema = z
  .object({
    email: emailField.optional(),
    username_or_email: z
      .string({ error: 'username_or_email_required' })
      .trim()
      .min(1, { error: 'username_or_email_required' })
      .max(LIMITS.emailMax, { error: 'username_or_email_required' })
      .optional(),
  })
  .refine((body) => body.email !== undefined || body.username_or_email !== undefined, {
    error: 'invalid_email',
    path: ['email'],
  });
export type ResendVerificationBody = z.input<typeof resendVerificationBodySchema>;
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
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

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
  /** ISO 3166 alpha-2: customers' phone numbers without a country code are read in it */
  default_country: z.string().nullable(),
  /** a customer's message that is exactly one of these (trimmed, any case) opts them out of marketing */
  opt_out_keywords: z.array(z.string()),
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
  /** whether auto-assignment gives them new conversations (`PUT /v1/self/availability`) */
  availability: availabilityField,
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
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

export const authEndpoints = {
  refresh: endpoint({
    method: 'POST',
    path: '/public/v1/auth/refresh-token',
    body: workspaceRefreshBodySchema,
    response: workspaceRefreshResultSchema,
    summary: 'Bind a user token to an organization: the member record and a new token',
  }),
  /** the same refresh for a signed-in client (switching organization, the retry after a 401) */
  refreshSignedIn: endpoint({
    method: 'POST',
    path: '/v1/auth/refresh-token',
    body: workspaceRefreshBodySchema,
    response: workspaceRefreshResultSchema,
    summary: 'Bind a user token to an organization: the member record and a new token',
  }),
  login: endpoint({
    method: 'POST',
    path: '/public/v1/auth/login',
    body: loginBodySchema,
    response: userLoginResultSchema,
    // the right password of an account whose e-mail is not verified: 403 with fields.username_or_email
    summary: 'Sign in with username or e-mail and password',
  }),
  googleLogin: endpoint({
    method: 'POST',
    path: '/public/v1/auth/google/login',
    body: googleLoginBodySchema,
    response: userLoginResultSchema,
    summary: 'Sign in with a Google id_token; the first sign-in creates the user',
  }),
  register: endpoint({
    method: 'POST',
    path: '/public/v1/auth/register',
    body: registerBodySchema,
    response: messageResultSchema,
    summary: 'Sign up; a verification link is e-mailed',
  }),
  verify: endpoint({
    method: 'POST',
    path: '/public/v1/auth/verify',
    body: tokenBodySchema,
    response: messageResultSchema,
    summary: 'Verify an e-mail address with the mailed token',
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/public/v1/auth/forgot-password',
    body: forgotPasswordBodySchema,
    response: messageResultSchema,
    summary: 'E-mail a password reset link (same answer whether or not the address exists)',
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/public/v1/auth/resend-verification',
    body: resendVerificationBodySchema,
    response: messageResultSchema,
    summary: 'E-mail a new verification link (same answer whether or not the address needs one)',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/public/v1/auth/reset-password',
    body: resetPasswordBodySchema,
    response: messageResultSchema,
    summary: 'Choose a new password with the mailed token; signs out every session',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/v1/auth/change-password',
    body: changePasswordBodySchema,
    response: tokenResultSchema,
    summary: 'Change password (old one required); other sessions are signed out',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/v1/auth/logout',
    response: messageResultSchema,
    summary: 'Sign out: every token of this user stops working',
  }),
};

export const adminAuthEndpoints = {
  refresh: endpoint({
    method: 'POST',
    path: '/public/v1/admin/auth/refresh-token',
    body: refreshBodySchema,
    response: adminLoginResultSchema,
    summary: 'A fresh admin token for a valid one',
  }),
  refreshSignedIn: endpoint({
    method: 'POST',
    path: '/v1/admin/auth/refresh-token',
    body: refreshBodySchema,
    response: adminLoginResultSchema,
    summary: 'A fresh admin token for a valid one',
  }),
  login: endpoint({
    method: 'POST',
    path: '/public/v1/admin/auth/login',
    body: loginBodySchema,
    response: adminLoginResultSchema,
    summary: 'System admin sign-in',
  }),
  googleLogin: endpoint({
    method: 'POST',
    path: '/public/v1/admin/auth/google/login',
    body: googleLoginBodySchema,
    response: adminLoginResultSchema,
    summary: 'System admin sign-in with Google (existing admins only)',
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/public/v1/admin/auth/forgot-password',
    body: forgotPasswordBodySchema,
    response: messageResultSchema,
    summary: 'E-mail an admin password reset link',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/public/v1/admin/auth/reset-password',
    body: resetPasswordBodySchema,
    response: messageResultSchema,
    summary: 'Choose a new admin password with the mailed token',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/v1/admin/auth/change-password',
    body: changePasswordBodySchema,
    response: tokenResultSchema,
    summary: 'Change the admin password; other sessions are signed out',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/v1/admin/auth/logout',
    response: messageResultSchema,
    summary: 'Admin sign-out: every token of this admin stops working',
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/v1/admin/self/permission',
    response: permissionsResultSchema,
    summary: "The signed-in admin's permissions",
  }),
};
