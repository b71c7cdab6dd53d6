import { z } from 'zod';
import { messageResultSchema } from './auth.ts';
import { availabilityField } from './availability.ts';
import { endpoint } from './endpoint.ts';
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
  /** online, busy or offline: only online members are given conversations by auto-assignment */
  availability: availabilityField,
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

const memberParams = z.object({ id: z.uuid() });

/** Members, invitations, leaving and deleting the current organization (SPEC 7). */
export const memberEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/workspace/members',
    query: memberListQuerySchema,
    response: memberPageSchema,
    summary: 'Members with search (username, name, e-mail), role and status filters, paging',
  }),
  changeRole: endpoint({
    method: 'PUT',
    path: '/v1/workspace/members/:id/role',
    params: memberParams,
    body: memberRoleBodySchema,
    response: memberSchema,
    summary: 'Change a role; only owners grant or change the owner role; one owner always remains',
  }),
  setActive: endpoint({
    method: 'PUT',
    path: '/v1/workspace/members/:id/status',
    params: memberParams,
    body: memberStatusBodySchema,
    response: memberSchema,
    summary: 'Activate or deactivate a member',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/workspace/members/:id',
    params: memberParams,
    response: messageResultSchema,
    summary: 'Remove a member from the organization',
  }),
  invites: endpoint({
    method: 'GET',
    path: '/v1/workspace/members/invites',
    response: z.array(inviteSchema),
    summary: 'Pending invitations',
  }),
  invite: endpoint({
    method: 'POST',
    path: '/v1/workspace/members/invite',
    body: inviteBodySchema,
    response: inviteSchema,
    summary: 'Invite by e-mail: a link with an invite token is mailed; a pending invitation takes a seat',
  }),
  withdrawInvite: endpoint({
    method: 'DELETE',
    path: '/v1/workspace/members/invites/:id',
    params: memberParams,
    response: messageResultSchema,
    summary: 'Withdraw a pending invitation',
  }),
  resendInvite: endpoint({
    method: 'POST',
    path: '/v1/workspace/members/invites/:id/resend',
    params: memberParams,
    response: inviteSchema,
    summary: 'Mail a pending invitation again with a new link (the old one stops working) and a new 7-day expiry',
  }),
  invitePreview: endpoint({
    method: 'GET',
    path: '/public/v1/workspace/invite',
    query: inviteTokenQuerySchema,
    response: invitePreviewSchema,
    summary: 'What an invitation offers, for the join page',
  }),
  acceptInvite: endpoint({
    method: 'POST',
    path: '/public/v1/workspace/invite/accept',
    body: acceptInviteBodySchema,
    response: acceptInviteResultSchema,
    summary: 'Accept an invitation: signed in as the invited e-mail, or with new account details (answers a token)',
  }),
  leaveWorkspace: endpoint({
    method: 'POST',
    path: '/v1/self/workspace/leave',
    response: messageResultSchema,
    summary: 'Leave the current organization (not the last one; an owner must leave another owner)',
  }),
  deleteWorkspace: endpoint({
    method: 'DELETE',
    path: '/v1/self/workspace',
    response: messageResultSchema,
    summary: 'Delete the current organization and all its data (owner; not the last one)',
  }),
};
