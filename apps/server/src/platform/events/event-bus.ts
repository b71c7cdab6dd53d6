import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../db/database.ts';
import { defineJob, type JobContext } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { type DomainEvent, EVENT_SCHEMAS, type EventSchemas, type EventType } from './catalogue.ts';
import { currentCause } from './cause.ts';

/** Durable: runs as a job on the `events` queue after commit, retried with backoff, once per event and listener. */
export type DurableListener<T extends EventType> = (event: DomainEvent<T>, context: JobContext) => Promise<unknown>;
/** Durable, given the events of one emit together (one, or the items of an `emitMany`), in their order. */
export type BatchListener<T extends EventType> = (events: DomainEvent<T>[], context: JobContext) => Promise<unknown>;
/** In this process, right after commit, best effort: socket pushes and cache invalidations. */
export type CommittedListener<T extends EventType> = (event: DomainEvent<T>) => void;

/** Which events a durable listener wants: the others are never stored for it (no job when none is wanted). */
export type EventFilter<T extends EventType> = (data: DomainEvent<T>['data']) => boolean;

interface Registered {
  name: string;
  durable?: BatchListener<EventType>;
  wants?: EventFilter<EventType>;
  committed?: CommittedListener<EventType>;
}

const storedEvent = z.object({
  id: z.uuid(),
  type: z.string(),
  workspace_id: z.uuid().nullable(),
  occurred_at: z.number(),
  data: z.unknown(),
  caused_by: z.object({ workflow_id: z.uuid(), execution_id: z.uuid() }).nullish(),
});
type StoredEvent = z.infer<typeof storedEvent>;

/** One event (`emit`) or the events of one `emitMany`, for one listener. */
const deliveryPayload = z.union([
  z.object({ listener: z.string(), event: storedEvent }),
  z.object({ listener: z.string(), events: z.array(storedEvent).min(1) }),
]);

/** One event delivered to one durable listener (the outbox's job). */
const deliverEvent = defineJob({
  name: 'events.deliver',
  version: 1,
  queue: 'events',
  payload: deliveryPayload,
  handle: (payload, job: JobContext<EventBus>) =>
    job.app.deliver(payload.listener, 'events' in payload ? payload.events : [payload.event], job),
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
  private readonly byKey = new Map<string, BatchListener<EventType>>();
  private readonly delivered: ((type: string, lagMs: number) => void)[] = [];
  /** per open transaction, the delivery job of each listener it stored (extended by its later emits) */
  private readonly deliveryJobs = new WeakMap<object, Map<string, string>>();

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
  on<T extends EventType>(type: T, name: string, listener: DurableListener<T>, wants?: EventFilter<T>): void {
    this.onBatch(
      type,
      name,
      async (events, context) => {
        // a delivery of several is retried whole: the listener is idempotent by event id anyway
        for (const event of events) await listener(event, context);
      },
      wants,
    );
  }

  /**
   * A durable listener that takes the events of one emit together: those of an `emitMany` (a webhook batch's
   * messages) in one call, in their order, so it can do its work once for the lot (one notification per
   * conversation, one rollup statement).
   */
  onBatch<T extends EventType>(type: T, name: string, listener: BatchListener<T>, wants?: EventFilter<T>): void {
    const key = `${type}:${name}`;
    if (this.byKey.has(key)) throw new Error(`listener "${name}" of "${type}" is registered twice`);
    const durable = listener as unknown as BatchListener<EventType>;
    this.byKey.set(key, durable);
    this.add(type, { name, durable, wants: wants as EventFilter<EventType> | undefined });
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
    const [event] = await this.record(tx, type, [data], workspaceId, (listener, [stored]) => ({
      listener,
      event: stored!,
    }));
    return event!;
  }

  /**
   * `emit` for many events of one type at once (a webhook batch's messages): the same events one by one to the
   * after-commit listeners, but one `events.deliver` job per durable listener for all of them, written by one
   * statement, whatever their number.
   */
  async emitMany<T extends EventType>(
    tx: Tx,
    type: T,
    items: DomainEvent<T>['data'][],
    workspaceId: string | null,
  ): Promise<DomainEvent<T>[]> {
    if (!items.length) return [];
    return this.record(tx, type, items, workspaceId, (listener, events) => ({ listener, events }));
  }

  private async record<T extends EventType>(
    tx: Tx,
    type: T,
    items: DomainEvent<T>['data'][],
    workspaceId: string | null,
    payloadOf: (listener: string, stored: StoredEvent[]) => z.input<typeof deliveryPayload>,
  ): Promise<DomainEvent<T>[]> {
    const schema = this.schemaOf(type);
    const occurredAt = this.now();
    const causedBy = currentCause();
    const events = items.map(
      (data): DomainEvent<T> => ({
        id: randomUUID(),
        type,
        workspaceId,
        occurredAt,
        data: schema.parse(data) as DomainEvent<T>['data'],
        causedBy,
      }),
    );
    const registered = this.listeners.get(type) ?? [];
    const durable = registered.filter((listener) => listener.durable);
    const payloads = durable.flatMap((listener) => {
      const wanted = listener.wants ? events.filter((event) => listener.wants!(event.data)) : events;
      const stored = wanted.map(
        (event): StoredEvent => ({
          id: event.id,
          type,
          workspace_id: workspaceId,
          occurred_at: occurredAt,
          data: event.data,
          ...(causedBy && { caused_by: causedBy }),
        }),
      );
      return stored.length ? [payloadOf(listener.name, stored)] : [];
    });
    if (payloads.length) await this.storeDeliveries(tx, payloads, workspaceId);
    const committed = registered.filter((listener) => listener.committed);
    if (committed.length)
      this.database.afterCommit(() => {
        for (const event of events) this.runCommitted(committed, event);
      });
    return events;
  }

  /**
   * One `events.deliver` job per durable listener and transaction: the first emit of a transaction stores a job
   * per listener, a later one of the same transaction appends its events to that listener's job (a workflow's
   * steps, a request's several changes), so a transaction's events cost each listener one job. The append is a
   * statement of the transaction: a savepoint rolled back takes its events with it; a job gone with one is stored
   * anew.
   */
  private async storeDeliveries(tx: Tx, payloads: z.input<typeof deliveryPayload>[], workspaceId: string | null) {
    const key = this.database.transactionKey();
    const stored = key ? (this.deliveryJobs.get(key) ?? new Map<string, string>()) : null;
    const fresh: { listener: string; events: z.input<typeof storedEvent>[] }[] = [];
    // a listener's name is unique per event type only: the job is kept by both
    const keyOf = (payload: { listener: string; events: { type: string }[] }) =>
      `${payload.events[0]!.type}:${payload.listener}`;
    for (const payload of payloads) {
      const events = 'events' in payload ? payload.events : [payload.event];
      const jobId = stored?.get(keyOf({ listener: payload.listener, events }));
      if (jobId && (await this.jobs.extendQueued(tx, jobId, 'events', events))) continue;
      fresh.push({ listener: payload.listener, events });
    }
    if (!fresh.length) return;
    const ids = await this.jobs.enqueueManyIds(deliverEvent, fresh, { tx, workspaceId });
    if (!key || !stored || ids.length !== fresh.length) return;
    for (const [index, payload] of fresh.entries()) stored.set(keyOf(payload), ids[index]!);
    this.deliveryJobs.set(key, stored);
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

  /** Runs listener `name` on stored events (the `events.deliver` job); a failure throws, so the job retries. */
  async deliver(name: string, stored: StoredEvent[], context: JobContext): Promise<void> {
    const { type, id } = stored[0]!;
    const listener = this.byKey.get(`${type}:${name}`);
    if (!listener) {
      context.log.warn({ event_id: id, event_type: type, listener: name }, 'event listener is gone');
      return;
    }
    const events = stored.map(
      (one): DomainEvent => ({
        id: one.id,
        type: one.type as EventType,
        workspaceId: one.workspace_id,
        occurredAt: one.occurred_at,
        data: this.schemaOf(one.type).parse(one.data) as DomainEvent['data'],
        causedBy: one.caused_by ?? null,
      }),
    );
    try {
      await listener(events, context);
    } catch (error) {
      context.log.error(
        { err: error, event_id: id, event_type: type, events: events.length, listener: name },
        'event listener failed',
      );
      throw error; // the job retries it
    }
    for (const event of events) {
      const lag = this.now() - event.occurredAt;
      for (const observe of this.delivered) observe(event.type, lag);
    }
  }
}
