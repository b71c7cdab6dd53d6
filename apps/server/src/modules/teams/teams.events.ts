import { teamDetailSchema } from '@omnichat/contracts';
import { z } from 'zod';
import { defineEvents, type EventsOf, eventActor } from '../../platform/events/catalogue.ts';

export const teamEvents = defineEvents({
  'team.created': z.object({ actor: eventActor, team: teamDetailSchema }),
  'team.updated': z.object({ actor: eventActor, before: teamDetailSchema, after: teamDetailSchema }),
  'team.deleted': z.object({ actor: eventActor, before: teamDetailSchema }),
});
declare module '../../platform/events/catalogue.ts' {
  interface DomainEvents extends EventsOf<typeof teamEvents> {}
}
