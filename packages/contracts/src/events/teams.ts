import { z } from 'zod';
import { teamDetailSchema } from '../teams.ts';
import { eventActor } from './actor.ts';

export const teamEvents = {
  'team.created': z.object({ actor: eventActor, team: teamDetailSchema }),
  'team.updated': z.object({ actor: eventActor, before: teamDetailSchema, after: teamDetailSchema }),
  'team.deleted': z.object({ actor: eventActor, before: teamDetailSchema }),
  /** a member's own permission list changed (their effective permissions may have too) */
  'permissions.member_changed': z.object({
    member_id: z.uuid(),
    user_id: z.uuid(),
    /** the member's name as the audit log shows it (events queued before it was added lack it) */
    display_name: z.string().optional(),
    before: z.array(z.string()),
    after: z.array(z.string()),
    actor: eventActor,
  }),
  /** the permissions a newly joined member gets changed */
  'permissions.default_changed': z.object({
    before: z.array(z.string()),
    after: z.array(z.string()),
    actor: eventActor,
  }),
};
