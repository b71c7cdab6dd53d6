import { z } from 'zod';
import { customerSchema } from '../customers.ts';
import { eventActor } from './actor.ts';

export const customerEvents = {
  'customer.created': z.object({ actor: eventActor, customer: customerSchema }),
  'customer.updated': z.object({ actor: eventActor, before: customerSchema, after: customerSchema }),
  /**
   * Tags were added to a customer, whichever way: the customer's form, bulk tags, an import, a workflow's step
   * (one event per customer, with only the tags it did not carry before).
   */
  'customer.tags_added': z.object({ actor: eventActor, customer_id: z.uuid(), tag_ids: z.array(z.uuid()).min(1) }),
  'customer.deleted': z.object({ actor: eventActor, before: customerSchema }),
  /** `merged` went into `before` (now `after`) and was deleted */
  'customer.merged': z.object({
    actor: eventActor,
    before: customerSchema,
    merged: customerSchema,
    after: customerSchema,
  }),
};
