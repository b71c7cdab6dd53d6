import { z } from 'zod';
import { customerSchema } from '../customers.ts';
import { eventActor } from './actor.ts';

export const customerEvents = {
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
};
