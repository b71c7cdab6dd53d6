import { WORKSPACE_ROLES } from '@omnichat/contracts';
import { z } from 'zod';
import { defineEvents, type EventsOf } from '../../platform/events/catalogue.ts';

const membership = { member_id: z.uuid(), user_id: z.uuid() };

export const memberEvents = defineEvents({
  /** someone accepted an invitation and is now a member */
  'member.joined': z.object({ ...membership, role: z.enum(WORKSPACE_ROLES) }),
  /** a member's role, permissions or active flag changed, or the member was removed (`removed`) */
  'member.changed': z.object({
    ...membership,
    role: z.enum(WORKSPACE_ROLES),
    active: z.boolean(),
    removed: z.boolean(),
  }),
  /** a member left the organization of their own accord */
  'member.left': z.object(membership),
  /** the organization was deleted (its data is purged later) */
  'workspace.deleted': z.object({ workspace_id: z.uuid() }),
});
declare module '../../platform/events/catalogue.ts' {
  interface DomainEvents extends EventsOf<typeof memberEvents> {}
}
