import { DOMAIN_EVENTS } from '@omnichat/contracts';
import type { z } from 'zod';
import type { EventCause } from './cause.ts';

export type EventsOf<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.output<T[K]> };

/**
 * Every domain event by type, with the shape of its data: the contracts' catalogue (`DOMAIN_EVENTS`), so `emit` and
 * `on` are typed by the event's name everywhere. An interface, so a test can add an event of its own (and give the
 * bus its schema).
 */
export interface DomainEvents extends EventsOf<typeof DOMAIN_EVENTS> {}
export type EventType = keyof DomainEvents & string;

/** What the bus checks event data against: the catalogue's schemas by type. */
export type EventSchemas = Readonly<Record<string, z.ZodType>>;
export const EVENT_SCHEMAS: EventSchemas = DOMAIN_EVENTS;

/** One thing that happened: who it belongs to, when, and what. */
export interface DomainEvent<T extends EventType = EventType> {
  id: string;
  type: T;
  /** the organization it happened in; null for a platform event (an account's sign-out) */
  workspaceId: string | null;
  /** epoch milliseconds of the emitting transaction */
  occurredAt: number;
  data: DomainEvents[T];
  /** the workflow step whose work emitted it; null for a person's or the system's own change */
  causedBy?: EventCause | null;
}
