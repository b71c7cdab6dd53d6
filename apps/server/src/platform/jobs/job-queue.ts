import { CronExpressionParser } from 'cron-parser';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Tx } from '../db/database.ts';
import { safeErrorMessage } from '../logging.ts';
import { type ClaimedJob, claimFair, NO_ORGANIZATION } from './claim.ts';
import { defaultBackoffMs, type JobDefinition } from './job-definition.ts';
import { type JobRow, jobs } from './jobs.tables.ts';
import { purgeFinishedJobs, retentionJob } from './retention.ts';
import { WorkerTurns } from './worker-turns.ts';

export interface EnqueueOptions {
  workspaceId?: string | null;
  runAt?: Date;
  /** a second enqueue with the same job name and key is ignored while the first is queued or running */
  idempotencyKey?: string;
  /**
   * The caller's transaction: the job exists exactly when the caller's change commits. Inside an organization's
   * transaction the job belongs to that organization unless `workspaceId` says otherwise.
   */
  tx?: Tx;
}

export interface QueueOptions {
  /** slots of each named queue not listed in `queues` */
  concurrency?: number;
  /** slots per named queue, e.g. `{ mail: 4, bulk: 2 }` */
  queues?: Record<string, number>;
  pollMs?: number;
  /** a running job whose heartbeat is older than this is assumed lost (its process died) and runs again */
  lockTimeoutMs?: number;
  /** how long finished rows are kept: done and cancelled ones, and failed ones (kept longer, for a look) */
  keepDoneMs?: number;
  keepFailedMs?: number;
  now?: () => number;
}

const REASON = 'the job queue claims and records jobs of every organization';

/** The organization of the caller's transaction: a job stored inside it belongs to it. */
const CURRENT_WORKSPACE = sql`nullif(current_setting('app.workspace_id', true), '')::uuid`;
const DAY = 24 * 3600 * 1000;

/** A job stored under an older version of its definition, which has no `upgrade`: no attempt would run it. */
class NoLongerHandled extends Error {
  constructor(job: ClaimedJob, definition: JobDefinition) {
    super(
      `job ${job.name} version ${job.version} is no longer handled (this release runs version ${definition.version})`,
    );
  }
}

interface Registered {
  definition: JobDefinition;
  /** what its handler gets as `job.app` */
  app: unknown;
}

/**
 * A durable queue in PostgreSQL. Due jobs are claimed with FOR UPDATE SKIP LOCKED, so several processes can work
 * one table; each of `concurrency` slots takes the next job as soon as it is free. A running job beats a
 * heartbeat, so only a job whose process died is run again. Failures retry with backoff until `maxAttempts`;
 * cron definitions keep their next run scheduled; finished rows are purged after a while.
 */
export class JobQueue {
  private readonly definitions = new Map<string, Registered>();
  private readonly concurrency: number;
  private readonly queueSlots: Record<string, number>;
  private readonly pollMs: number;
  private readonly lockTimeoutMs: number;
  private readonly keepDoneMs: number;
  private readonly keepFailedMs: number;
  private readonly now: () => number;
  /** running jobs per named queue */
  private readonly running = new Map<string, Set<Promise<void>>>();
  /** per queue, the organization that was served last: the next claim starts after it (round robin) */
  private readonly cursors = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private doneIds: string[] = [];
  private doneFlush: Promise<void> | undefined;
  private lastSweep = Number.NEGATIVE_INFINITY;
  private stopped = true;
  private unlisten: (() => Promise<void>) | undefined;
  /** turns claim in the queues told of new jobs or of a freed slot, or in all of them (a poll) */
  private readonly turns = new WorkerTurns(
    (queues) =>
      this.fillSlots(queues === 'all' ? this.queues() : queues).catch((error) =>
        this.log.error({ err: error }, 'job worker failed'),
      ),
    () => this.stopped,
  );

  private readonly database: Database;
  private readonly log: FastifyBaseLogger;

  constructor(database: Database, log: FastifyBaseLogger, options: QueueOptions = {}) {
    this.database = database;
    this.log = log;
    this.concurrency = options.concurrency ?? 4;
    this.queueSlots = options.queues ?? {};
    this.pollMs = options.pollMs ?? 1000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 60_000;
    this.keepDoneMs = options.keepDoneMs ?? 7 * DAY;
    this.keepFailedMs = options.keepFailedMs ?? 30 * DAY;
    this.now = options.now ?? Date.now;
    this.define(retentionJob, this);
  }

  /** Registers a kind of job; its handler gets `app` as `job.app` (a module's job: the app's context). */
  define<S extends z.ZodType, App>(
    definition: JobDefinition<S, App>,
    ...app: undefined extends App ? [App?] : [App]
  ): void {
    if (this.definitions.has(definition.name)) throw new Error(`job "${definition.name}" is defined twice`);
    if (!(Number.isInteger(definition.version) && definition.version >= 1))
      throw new Error(`job "${definition.name}" has a version that is not a positive integer`);
    if (definition.cron) CronExpressionParser.parse(definition.cron); // a bad expression fails at start-up
    this.definitions.set(definition.name, { definition: definition as unknown as JobDefinition, app: app[0] });
  }

  /**
   * Appends `items` to the array `key` of a job's payload, in `tx`, while the job is still queued (a job stored in
   * the same transaction, which no worker sees yet). Answers whether it was, so the caller stores a new job if not.
   */
  async extendQueued(tx: Tx, id: string, key: string, items: unknown[]): Promise<boolean> {
    const extended = await tx
      .update(jobs)
      .set({
        payload: sql`jsonb_set(${jobs.payload}, ${`{${key}}`}::text[], (${jobs.payload} -> ${key}) || ${JSON.stringify(items)}::jsonb)`,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .returning({ id: jobs.id });
    return extended.length > 0;
  }

  /** `enqueueMany` answering the stored jobs' ids, in the payloads' order (for jobs without an idempotency key). */
  async enqueueManyIds<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payloads: z.input<S>[],
    options: Omit<EnqueueOptions, 'idempotencyKey'> = {},
  ): Promise<string[]> {
    return this.store(definition, payloads, options);
  }

  /** Stores a job; its payload is checked now, so a bad one fails the caller instead of the worker. */
  async enqueue<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payload: z.input<S>,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const [id] = await this.store(definition, [payload], options);
    return id ?? null;
  }

  /**
   * Stores many jobs of one kind in a few statements (a broadcast's batches, an import's chunks); every payload is
   * checked first, so a bad one stores nothing. Answers how many were stored.
   */
  async enqueueMany<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payloads: z.input<S>[],
    options: Omit<EnqueueOptions, 'idempotencyKey'> = {},
  ): Promise<number> {
    return (await this.store(definition, payloads, options)).length;
  }

  private async store<S extends z.ZodType>(
    definition: JobDefinition<S>,
    payloads: z.input<S>[],
    options: EnqueueOptions,
  ): Promise<string[]> {
    if (this.definitions.get(definition.name)?.definition !== (definition as unknown as JobDefinition)) {
      throw new Error(`job "${definition.name}" is not defined on this queue`);
    }
    const parsed = payloads.map((payload) => definition.payload.parse(payload) as object);
    const insert = (tx: Tx, chunk: object[], workspaceId: unknown) =>
      tx
        .insert(jobs)
        .values(
          chunk.map((payload) => ({
            name: definition.name,
            queue: definition.queue ?? 'default',
            version: definition.version,
            payload,
            workspaceId: workspaceId as string | null,
            runAt: options.runAt ?? new Date(this.now()),
            maxAttempts: definition.maxAttempts ?? 5,
            idempotencyKey: options.idempotencyKey ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: jobs.id });
    const ids: string[] = [];
    for (let i = 0; i < parsed.length; i += 1_000) {
      const chunk = parsed.slice(i, i + 1_000);
      const inserted = options.tx
        ? await insert(options.tx, chunk, options.workspaceId ?? CURRENT_WORKSPACE)
        : await this.database.unsafeCrossTenant(REASON, (tx) => insert(tx, chunk, options.workspaceId ?? null));
      ids.push(...inserted.map((row) => row.id));
    }
    // a turn of the worker for what was stored (an idempotency key already taken stored nothing): once the caller's
    // transaction commits, never from inside it, where the claim would join that transaction and see its jobs
    // before they exist for anyone else, or run them although it rolls back
    if (ids.length && !this.stopped) {
      const queue = [definition.queue ?? 'default'];
      if (options.tx) this.database.afterCommit(() => this.turns.soon(queue));
      else setImmediate(() => this.turns.now(queue));
    }
    return ids;
  }

  /** Cancels a job that has not started; answers whether it was cancelled. */
  async cancel(id: string): Promise<boolean> {
    const cancelled = await this.database.unsafeCrossTenant(REASON, (tx) =>
      tx
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: new Date(this.now()) })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id }),
    );
    return cancelled.length > 0;
  }

  async start(): Promise<void> {
    this.stopped = false;
    // a job stored by any process (at its commit) wakes this one at once; polling stays as the safety net. The
    // notification names the queues of the jobs a statement stored (none: a reconnect, every queue)
    this.unlisten = await this.database.listen('omnichat_jobs', (queues) =>
      this.turns.soon(queues ? queues.split(',') : undefined),
    );
    await this.scheduleCron();
    const tick = () => {
      this.turns.now().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
      });
    };
    tick();
  }

  /** Whether the worker claims jobs (between `start()` and `stop()`). */
  get isWorking(): boolean {
    return !this.stopped;
  }

  /** Stops claiming and waits for running jobs to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.();
    await this.turns.current;
    await Promise.allSettled([...this.running.values()].flatMap((set) => [...set]));
  }

  /** The named queues of the defined jobs. */
  private queues(): string[] {
    return [...new Set([...this.definitions.values()].map(({ definition }) => definition.queue ?? 'default'))];
  }

  private slotsOf(queue: string) {
    return this.queueSlots[queue] ?? this.concurrency;
  }

  private runningIn(queue: string): Set<Promise<void>> {
    const set = this.running.get(queue) ?? new Set<Promise<void>>();
    this.running.set(queue, set);
    return set;
  }

  private freeSlots(queue: string) {
    return this.slotsOf(queue) - this.runningIn(queue).size;
  }

  /** Claims due jobs into the free slots of every queue; a slot that frees up claims again at once. */
  private async fillSlots(queues: readonly string[]): Promise<void> {
    await Promise.all(
      queues.map(async (queue) => {
        while (!this.stopped && this.freeSlots(queue) > 0) {
          const claimed = await this.claim(queue, this.freeSlots(queue));
          if (!claimed.length) return;
          for (const job of claimed) this.launch(job, () => void this.turns.now([job.queue]));
        }
      }),
    );
  }

  private launch(job: ClaimedJob, onFinished: () => void): void {
    const running = this.runningIn(job.queue);
    const run: Promise<void> = this.execute(job).finally(() => {
      running.delete(run);
      onFinished();
    });
    running.add(run);
  }

  /** Runs every due job, slots kept full, until none is due and none runs (tests and scripts call it directly). */
  async drain(): Promise<void> {
    for (;;) {
      // the queues claim side by side, each on a connection of its own
      const full = this.queues().filter((queue) => this.freeSlots(queue) <= 0);
      // a job that ends while the claim runs may have queued another the claim could not yet see
      const ranDuringClaim = [...this.running.values()].some((set) => set.size > 0);
      const claims = await Promise.all(
        this.queues().map((queue) => (full.includes(queue) ? [] : this.claim(queue, this.freeSlots(queue)))),
      );
      for (const job of claims.flat()) this.launch(job, () => {});
      if (claims.some((claimed) => claimed.length)) continue;
      const running = [...this.running.values()].flatMap((set) => [...set]);
      // a claim that skipped rows locked by another transaction at that instant looks again soon, not only once
      // the slowest running job ends
      if (running.length) await Promise.race([...running, new Promise((resolve) => setTimeout(resolve, 50))]);
      // done only when a round with every slot free claimed nothing
      else if (!full.length && !ranDuringClaim) return;
    }
  }

  /** The newest version of each defined job: a job stored by a newer release waits for a worker that knows it. */
  private versions(): Map<string, number> {
    return new Map([...this.definitions].map(([name, { definition }]) => [name, definition.version]));
  }

  /** One fair claim (see claim.ts) over the organizations after `after`, all of them when null. */
  private claimFrom(queue: string, limit: number, after: string | null) {
    return this.database.unsafeCrossTenant(REASON, (tx) =>
      claimFair(tx, { queue, limit, after, versions: this.versions(), now: new Date(this.now()) }),
    );
  }

  /**
   * Claims up to `limit` due jobs of a queue, fairly between organizations: the organizations with due jobs
   * take turns (round robin from the one served last), one job each per turn, so one organization's 100,000
   * jobs never keep another's waiting. The organizations are found by skipping through the fair index
   * (one probe per organization), not by reading every due row.
   */
  private async claim(queue: string, limit: number): Promise<ClaimedJob[]> {
    await this.sweepLost();
    const after = this.cursors.get(queue);
    const claimed = await this.claimFrom(queue, limit, after ?? null);
    if (after && claimed.length < limit) claimed.push(...(await this.claimFrom(queue, limit - claimed.length, null)));
    const last = claimed.at(-1);
    if (last) this.cursors.set(queue, last.workspaceId ?? NO_ORGANIZATION);
    return claimed;
  }

  /**
   * Jobs whose heartbeat stopped (their process died) go back to the queue, or fail for good once they used
   * their attempts. Runs now and then rather than on every claim, through the index of running jobs.
   */
  private async sweepLost(): Promise<void> {
    if (this.now() - this.lastSweep < this.lockTimeoutMs / 4) return;
    this.lastSweep = this.now();
    const staleBefore = new Date(this.now() - this.lockTimeoutMs);
    const lost = and(eq(jobs.status, 'running'), lte(jobs.lockedAt, staleBefore));
    await this.database.unsafeCrossTenant(REASON, async (tx) => {
      await tx
        .update(jobs)
        .set({
          status: 'failed',
          lockedAt: null,
          finishedAt: new Date(this.now()),
          lastError: 'the worker running it stopped, and it has no attempts left',
        })
        .where(and(lost, sql`${jobs.attempts} >= ${jobs.maxAttempts}`));
      await tx
        .update(jobs)
        .set({ status: 'queued', lockedAt: null })
        .where(and(lost, sql`${jobs.attempts} < ${jobs.maxAttempts}`));
    });
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const { definition, app } = this.definitions.get(job.name)!;
    const log = this.log.child({ job_id: job.id, job: job.name, attempt: job.attempts });
    const heartbeat = setInterval(() => {
      this.beat(job.id).catch((error) => log.warn({ err: error }, 'job heartbeat failed'));
    }, this.lockTimeoutMs / 3);
    try {
      const payload = definition.payload.parse(this.currentPayload(definition, job));
      await definition.handle(payload, {
        app,
        jobId: job.id,
        attempt: job.attempts,
        log,
        workspaceId: job.workspaceId,
        inWorkspace: <T>(work: (tx: Tx) => Promise<T>) => {
          if (!job.workspaceId) throw new Error(`job ${job.name} has no organization`);
          return this.database.withWorkspace(job.workspaceId, work);
        },
      });
      clearInterval(heartbeat);
      if (definition.keepWhenFinished)
        await this.record(job.id, {
          status: 'done',
          finishedAt: new Date(this.now()),
          lastError: null,
          ...this.finishedPayload(definition, job),
        });
      else await this.markDone(job.id);
    } catch (error) {
      clearInterval(heartbeat);
      // stored and shown to admins: a failed query's SQL without its parameters
      const message = safeErrorMessage(error);
      const retry = !(error instanceof NoLongerHandled) && job.attempts < job.maxAttempts;
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

  /** The payload as the definition's version reads it: an older job's through `upgrade`, never as it was stored. */
  private currentPayload(definition: JobDefinition, job: ClaimedJob): unknown {
    // a cron run's payload is always `{}`: a run scheduled by an older release is still this one's
    if (job.version === definition.version || definition.cron) return job.payload;
    if (!definition.upgrade) throw new NoLongerHandled(job, definition);
    return definition.upgrade(job.payload, job.version);
  }

  /**
   * Jobs that finish together are recorded done in one statement: a slot is free again once its job's row says
   * done, and a busy queue pays one write per batch instead of one transaction per job.
   */
  private markDone(id: string): Promise<void> {
    this.doneIds.push(id);
    this.doneFlush ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const ids = this.doneIds.splice(0);
        this.doneFlush = undefined;
        this.database
          .unsafeCrossTenant(REASON, (tx) =>
            tx
              .update(jobs)
              .set({ status: 'done', finishedAt: new Date(this.now()), lastError: null, lockedAt: null })
              .where(inArray(jobs.id, ids)),
          )
          .then(() => resolve(), reject);
      });
    });
    return this.doneFlush;
  }

  /** A running job's sign of life: its lock stays fresh, so no other worker takes it for lost. */
  private beat(id: string) {
    return this.database.unsafeCrossTenant(REASON, (tx) =>
      tx
        .update(jobs)
        .set({ lockedAt: new Date(this.now()) })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running'))),
    );
  }

  /** The payload a finished job keeps: only what its definition says is no secret. */
  private finishedPayload(definition: JobDefinition, job: ClaimedJob): Partial<JobRow> {
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

  /** Deletes finished rows past their keeping time (the hourly `jobs.retention`). */
  purgeFinished(): Promise<void> {
    return purgeFinishedJobs(
      this.database,
      new Date(this.now() - this.keepDoneMs),
      new Date(this.now() - this.keepFailedMs),
    );
  }

  private async scheduleCron(): Promise<void> {
    for (const { definition } of this.definitions.values()) if (definition.cron) await this.scheduleNext(definition);
  }

  /** One queued run per cron job, at its next occurrence; the time is the idempotency key, so processes agree. */
  private async scheduleNext(definition: JobDefinition): Promise<void> {
    const next = CronExpressionParser.parse(definition.cron!, { currentDate: new Date(this.now()), tz: 'UTC' })
      .next()
      .toDate();
    await this.enqueue(definition, {}, { runAt: next, idempotencyKey: `cron:${next.toISOString()}` });
  }
}
