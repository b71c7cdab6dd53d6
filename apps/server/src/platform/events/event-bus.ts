import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../db/database.ts';
import { defineJob, type JobContext } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type DomainEvent, EVENT_SCHEMAS, type EventSchemas, type EventType } from './catalogue.ts';

/** Durable: runs as a job on the `events` queue after commit, retried with backoff, once per event and listener. */
export type DurableListener<T extends EventType> = (event: DomainEvent<T>, context: JobContext) => Promise<unknown>;
/** In this process, right after commit, best effort: socket pushes and cache invalidations. */
export type CommittedListener<T extends EventType> = (event: DomainEvent<T>) => void;

interface Registered {
  name: string;
  durable?: DurableListener<EventType>;
  committed?: CommittedListener<EventType>;
}

const storedEvent = z.object({
  id: z.uuid(),
  type: z.string(),
  workspace_id: z.uuid().nullable(),
  occurred_at: z.number(),
  data: z.unknown(),
});
type StoredEvent = z.infer<typeof storedEvent>;

const deliveryPayload = z.object({ listener: z.string(), event: storedEvent });

/** One event delivered to one durable listener (the outbox's job). */
const deliverEvent = defineJob({
  name: 'events.deliver',
  version: 1,
  queue: 'events',
  payload: deliveryPayload,
  handle: ({ listener, event }, job: JobContext<EventBus>) => job.app.deliver(listener, event, job),
});

/**
 * Domain events with a transactional outbox. `emit(tx, …)` runs inside the transaction that made the change and
 * writes one `events.deliver` job per durable listener in that same transaction: a rolled-back change emits
 * nothing, a committed one is delivered even if the process dies right after. Committed listeners run in the
 * emitting process once the transaction commits. A listener that throws is logged with the event id and (durable)
 * retried; the other listeners and the emitting request are not affected.
 */
export class EventBus {
  private readonly listeners = new Map<string, Registered[]>();
  private readonly byKey = new Map<string, DurableListener<EventType>>();
  private readonly delivered: ((type: string, lagMs: number) => void)[] = [];

  private readonly database: Database;
  private readonly jobs: JobQueue;
  private readonly log: FastifyBaseLogger;
  private readonly now: () => number;
  private readonly schemas: EventSchemas;

  constructor(
    database: Database,
    jobs: JobQueue,
    log: FastifyBaseLogger,
    now: () => number = Date.now,
    /** the catalogue's schemas; a test adds events of its own */
    schemas: EventSchemas = EVENT_SCHEMAS,
  ) {
    this.database = database;
    this.jobs = jobs;
    this.log = log;
    this.now = now;
    this.schemas = schemas;
    jobs.define(deliverEvent, this);
  }

  /** A durable listener, named uniquely per event type (the name keys its jobs, so keep it stable). */
  on<T extends EventType>(type: T, name: string, listener: DurableListener<T>): void {
    const key = `${type}:${name}`;
    if (this.byKey.has(key)) throw new Error(`listener "${name}" of "${type}" is registered twice`);
    this.byKey.set(key, listener as unknown as DurableListener<EventType>);
    this.add(type, { name, durable: listener as unknown as DurableListener<EventType> });
  }

  /** A listener run in this process right after commit; it must be quick and must not do outside work. */
  onCommitted<T extends EventType>(type: T, name: string, listener: CommittedListener<T>): void {
    this.add(type, { name, committed: listener as unknown as CommittedListener<EventType> });
  }

  /** Called with the time from emit to a durable delivery's success (the event lag metric). */
  onDelivered(observe: (type: string, lagMs: number) => void): void {
    this.delivered.push(observe);
  }

  /**
   * Records `type` as happened in `tx`, the transaction that made the change; `workspaceId` null for a platform
   * event. The data is checked against the catalogue now, so a wrong shape fails the change, not a listener.
   */
  async emit<T extends EventType>(
    tx: Tx,
    type: T,
    data: DomainEvent<T>['data'],
    workspaceId: string | null,
  ): Promise<DomainEvent<T>> {
    const event: DomainEvent<T> = {
      id: randomUUID(),
      type,
      workspaceId,
      occurredAt: this.now(),
      data: this.schemaOf(type).parse(data) as DomainEvent<T>['data'],
    };
    const registered = this.listeners.get(type) ?? [];
    const durable = registered.filter((listener) => listener.durable);
    if (durable.length) {
      const stored: StoredEvent = {
        id: event.id,
        type,
        workspace_id: workspaceId,
        occurred_at: event.occurredAt,
        data: event.data,
      };
      await this.jobs.enqueueMany(
        deliverEvent,
        durable.map((listener) => ({ listener: listener.name, event: stored })),
        { tx, workspaceId },
      );
    }
    const committed = registered.filter((listener) => listener.committed);
    if (committed.length) this.database.afterCommit(() => this.runCommitted(committed, event));
    return event;
  }

  private schemaOf(type: string): z.ZodType {
    const schema = this.schemas[type];
    if (!schema) throw new Error(`event "${type}" is not in the catalogue`);
    return schema;
  }

  private add(type: string, listener: Registered) {
    this.schemaOf(type); // an unknown type fails at start-up
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  private runCommitted(listeners: Registered[], event: DomainEvent) {
    for (const listener of listeners) {
      try {
        listener.committed!(event);
      } catch (error) {
        this.log.error(
          { err: error, event_id: event.id, event_type: event.type, listener: listener.name },
          'event listener failed',
        );
      }
    }
  }

  /** Runs listener `name` on a stored event (the `events.deliver` job); a failure throws, so the job retries. */
  async deliver(name: string, stored: StoredEvent, context: JobContext): Promise<void> {
    const listener = this.byKey.get(`${stored.type}:${name}`);
    if (!listener) {
      context.log.warn({ event_id: stored.id, event_type: stored.type, listener: name }, 'event listener is gone');
      return;
    }
    const event: DomainEvent = {
      id: stored.id,
      type: stored.type as EventType,
      workspaceId: stored.workspace_id,
      occurredAt: stored.occurred_at,
      data: this.schemaOf(stored.type).parse(stored.data) as DomainEvent['data'],
    };
    try {
      await listener(event, context);
    } catch (error) {
      context.log.error(
        { err: error, event_id: event.id, event_type: event.type, listener: name },
        'event listener failed',
      );
      throw error; // the job retries it
    }
    const lag = this.now() - event.occurredAt;
    for (const observe of this.delivered) observe(event.type, lag);
  }
}
