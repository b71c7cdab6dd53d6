import { CronExpressionParser } from 'cron-parser';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Tx } from '../db/database.ts';
import { safeErrorMessage } from '../logging.ts';
import { defaultBackoffMs, type JobDefinition } from './job-definition.ts';
import { type JobRow, jobs } from './jobs.tables.ts';

export interface EnqueueOptions {
  workspaceId?: string | null;
  runAt?: Date;
  /** a second enqueue with the same job name and key is ignored while the first exists */
  idempotencyKey?: string;
}

export interface QueueOptions {
  concurrency?: number;
  pollMs?: number;
  /** a running job whose lock is older than this is assumed lost (process died) and runs again */
  lockTimeoutMs?: number;
  now?: () => number;
}

const REASON = 'the job queue claims and records jobs of every organization';

/**
 * A durable queue in PostgreSQL: due jobs are claimed with FOR UPDATE SKIP LOCKED, so several processes can work
 * one table; failures retry with backoff; cron definitions keep their next run scheduled.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly lockTimeoutMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    options: QueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.pollMs = options.pollMs ?? 1000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  define<S extends z.ZodType>(definition: JobDefinition<S>): void {
    if (this.definitions.has(definition.name)) throw new Error(`job "${definition.name}" is defined twice`);
    if (definition.cron) CronExpressionParser.parse(definition.cron); // a bad expression fails at start-up
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  /** Stores a job; its payload is checked now, so a bad one fails the caller instead of the worker. */
  async enqueue<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    if (this.definitions.get(definition.name) !== (definition as unknown as JobDefinition)) {
      throw new Error(`job "${definition.name}" is not defined on this queue`);
    }
    const parsed = definition.payload.parse(payload);
    const [row] = await this.database.unsafeCrossTenant(REASON, (tx) =>
      tx
        .insert(jobs)
        .values({
          name: definition.name,
          payload: parsed as object,
          workspaceId: options.workspaceId ?? null,
          runAt: options.runAt ?? new Date(this.now()),
          maxAttempts: definition.maxAttempts ?? 5,
          idempotencyKey: options.idempotencyKey ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id }),
    );
    if (!this.stopped) setImmediate(() => this.wake());
    return row?.id ?? null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.scheduleCron();
    const tick = () => {
      this.wake().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
      });
    };
    tick();
  }

  /** The worker's turn: drain unless stopped; a failure is logged and the next poll tries again. */
  private async wake(): Promise<void> {
    if (this.stopped) return;
    await this.drain().catch((error) => this.log.error({ err: error }, 'job worker failed'));
  }

  /** Stops claiming and waits for running jobs to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.draining;
  }

  /** Claims and runs every due job once (the worker's loop body; tests call it directly). */
  drain(): Promise<void> {
    this.draining ??= this.runDue().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async runDue(): Promise<void> {
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (!claimed.length) return;
      await Promise.all(claimed.map((job) => this.execute(job)));
    }
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const now = new Date(this.now());
    const staleBefore = new Date(this.now() - this.lockTimeoutMs);
    return this.database.unsafeCrossTenant(REASON, async (tx) => {
      await tx
        .update(jobs)
        .set({ status: 'queued', lockedAt: null })
        .where(and(eq(jobs.status, 'running'), lte(jobs.lockedAt, staleBefore)));
      const due = tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now), inArray(jobs.name, [...this.definitions.keys()])))
        .orderBy(jobs.runAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return tx
        .update(jobs)
        .set({ status: 'running', lockedAt: now, attempts: sql`${jobs.attempts} + 1` })
        .where(inArray(jobs.id, due))
        .returning();
    });
  }

  private async execute(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.name)!;
    const log = this.log.child({ job_id: job.id, job: job.name, attempt: job.attempts });
    try {
      const payload = definition.payload.parse(job.payload);
      await definition.handle(payload, {
        jobId: job.id,
        attempt: job.attempts,
        log,
        workspaceId: job.workspaceId,
        inWorkspace: <T>(work: (tx: Tx) => Promise<T>) => {
          if (!job.workspaceId) throw new Error(`job ${job.name} has no organization`);
          return this.database.withWorkspace(job.workspaceId, work);
        },
      });
      await this.record(job.id, {
        status: 'done',
        finishedAt: new Date(this.now()),
        lastError: null,
        ...this.finishedPayload(definition, job),
      });
    } catch (error) {
      // stored and shown to admins: a failed query's SQL without its parameters
      const message = safeErrorMessage(error);
      const retry = job.attempts < job.maxAttempts;
      log.warn({ err: error }, retry ? 'job failed, will retry' : 'job failed for good');
      const delay = (definition.backoffMs ?? defaultBackoffMs)(job.attempts);
      await this.record(
        job.id,
        retry
          ? { status: 'queued', runAt: new Date(this.now() + delay), lastError: message }
          : {
              status: 'failed',
              finishedAt: new Date(this.now()),
              lastError: message,
              ...this.finishedPayload(definition, job),
            },
      );
    } finally {
      if (definition.cron && !this.stopped)
        await this.scheduleNext(definition).catch((error) => log.error({ err: error }, 'cron scheduling failed'));
    }
  }

  /** The payload a finished job keeps: only what its definition says is no secret. */
  private finishedPayload(definition: JobDefinition, job: JobRow): Partial<JobRow> {
    if (!definition.keepWhenFinished) return {};
    const parsed = definition.payload.safeParse(job.payload);
    return { payload: parsed.success ? definition.keepWhenFinished(parsed.data) : {} };
  }

  private record(id: string, changes: Partial<JobRow>) {
    return this.database.unsafeCrossTenant(REASON, (tx) =>
      tx
        .update(jobs)
        .set({ ...changes, lockedAt: null })
        .where(eq(jobs.id, id)),
    );
  }

  private async scheduleCron(): Promise<void> {
    for (const definition of this.definitions.values()) if (definition.cron) await this.scheduleNext(definition);
  }

  /** One queued run per cron job, at its next occurrence; the time is the idempotency key, so processes agree. */
  private async scheduleNext(definition: JobDefinition): Promise<void> {
    const next = CronExpressionParser.parse(definition.cron!, { currentDate: new Date(this.now()), tz: 'UTC' })
      .next()
      .toDate();
    await this.enqueue(definition, {}, { runAt: next, idempotencyKey: `cron:${next.toISOString()}` });
  }
}
