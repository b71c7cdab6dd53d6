import { customerSchema } from '@omnichat/contracts';
import { z } from 'zod';
import { defineEvents, type EventsOf, eventActor } from '../../platform/events/catalogue.ts';

export const customerEvents = defineEvents({
  'customer.created': z.object({ actor: eventActor, customer: customerSchema }),
  'customer.updated': z.object({ actor: eventActor, before: customerSchema, after: customerSchema }),
  'customer.deleted': z.object({ actor: eventActor, before: customerSchema }),
  /** `merged` went into `before` (now `after`) and was deleted */
  'customer.merged': z.object({
    actor: eventActor,
    before: customerSchema,
    merged: customerSchema,
    after: customerSchema,
  }),
});
declare module '../../platform/events/catalogue.ts' {
  interface DomainEvents extends EventsOf<typeof customerEvents> {}
}
