import { z } from 'zod';

/** Who caused an event, as the audit log names them (a request's signed-in person, or the system). */
export const eventActor = z.object({
  type: z.enum(['user', 'admin', 'system']),
  id: z.uuid().nullable(),
  name: z.string(),
  ip: z.string(),
});
export type EventActor = z.infer<typeof eventActor>;
