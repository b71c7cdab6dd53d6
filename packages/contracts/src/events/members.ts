import { z } from 'zod';
import { WORKSPACE_ROLES } from '../permissions.ts';
import { eventActor } from './actor.ts';

/** who the member is, and who did it (the audit log records both) */
const membership = {
  member_id: z.uuid(),
  user_id: z.uuid(),
  username: z.string(),
  /** the member's name as the audit log shows it (events queued before it was added lack it) */
  display_name: z.string().optional(),
  actor: eventActor,
};
const role = z.enum(WORKSPACE_ROLES);

export const memberEvents = {
  /** someone accepted an invitation and is now a member (`invited_by`: the user who invited them) */
  'member.joined': z.object({
    ...membership,
    role,
    invited_by: z.uuid().nullable().optional(),
  }),
  /** a member's role, permissions or active flag changed, or the member was removed (`removed`) */
  'member.changed': z.object({
    ...membership,
    /** the audit action: member.update, member.deactivate, member.remove, … */
    action: z.string(),
    before: z.object({ role, active: z.boolean() }),
    role,
    active: z.boolean(),
    removed: z.boolean(),
  }),
  /** a member left the organization of their own accord */
  'member.left': z.object({ ...membership, role }),
  /** an invitation was mailed (the mail itself is queued by the invites service, with the link only it knows) */
  'member.invited': z.object({ invite_id: z.uuid(), email: z.string(), role, actor: eventActor }),
  /** a pending invitation was mailed again with a new link (the resending user becomes its inviter) */
  'member.invite_resent': z.object({ invite_id: z.uuid(), email: z.string(), role, actor: eventActor }),
  /** a pending invitation was withdrawn */
  'member.invite_revoked': z.object({ invite_id: z.uuid(), email: z.string(), role, actor: eventActor }),
  /** the organization was deleted (its data is purged later) */
  'workspace.deleted': z.object({ workspace_id: z.uuid() }),
};
