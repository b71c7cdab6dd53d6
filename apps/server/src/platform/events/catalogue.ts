import { z } from 'zod';

/**
 * Every domain event by type, with the shape of its data. Each module declares its own events in a
 * `<module>.events.ts` with `defineEvents` and merges them into this interface, so `emit` and `on` are typed by
 * the event's name everywhere:
 *
 *   export const teamEvents = defineEvents({ 'team.created': z.object({ … }) });
 *   declare module '../../platform/events/catalogue.ts' {
 *     interface DomainEvents extends EventsOf<typeof teamEvents> {}
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one module at a time
export interface DomainEvents {}
export type EventType = keyof DomainEvents & string;
export type EventsOf<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.output<T[K]> };

const schemas = new Map<string, z.ZodType>();

/** Registers a module's events (name → zod schema of its data); a name is defined once. */
export function defineEvents<const T extends Record<string, z.ZodType>>(events: T): T {
  for (const [type, schema] of Object.entries(events)) {
    if (schemas.has(type) && schemas.get(type) !== schema) throw new Error(`event "${type}" is defined twice`);
    schemas.set(type, schema);
  }
  return events;
}

export function schemaOf(type: string): z.ZodType {
  const schema = schemas.get(type);
  if (!schema) throw new Error(`event "${type}" is not in the catalogue`);
  return schema;
}

/** One thing that happened: who it belongs to, when, and what. */
export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  /** the organization it happened in; null for a platform event (an account's sign-out) */
  workspaceId: string | null;
  /** epoch milliseconds of the emitting transaction */
  occurredAt: number;
  data: DomainEvents[T];
}

/** Who caused an event, as the audit log names them (a request's signed-in person, or the system). */
export const eventActor = z.object({
  type: z.enum(['user', 'admin', 'system']),
  id: z.uuid().nullable(),
  name: z.string(),
  ip: z.string(),
});
