import { successEnvelope, translate } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { ok } from '../http/envelope.ts';
import { localeOf, sendError } from '../http/error-handler.ts';
import type { AppInstance } from '../http/types.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** One dependency `/readyz` asks: `check()` resolves when it answers, and throws (or times out) when not. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether this process should get traffic: every named check answers, and it is not shutting down. Checks plug
 * in with `add` (the database now; Redis when REDIS_URL is configured).
 */
export class Readiness {
  private readonly checks: ReadinessCheck[] = [];
  private draining = false;

  private readonly timeoutMs: number;

  constructor(timeoutMs = CHECK_TIMEOUT_MS) {
    this.timeoutMs = timeoutMs;
  }

  add(check: ReadinessCheck): this {
    if (this.checks.some((c) => c.name === check.name)) throw new Error(`readiness check "${check.name}" exists`);
    this.checks.push(check);
    return this;
  }

  get names(): string[] {
    return this.checks.map((c) => c.name);
  }

  /** From now on `/readyz` answers 503, so a load balancer stops sending traffic (shutdown started). */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Runs the checks together; answers the name of the first that failed (`shutdown` while draining), or null. */
  async failing(): Promise<{ name: string; error?: unknown } | null> {
    if (this.draining) return { name: 'shutdown' };
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c.check(), this.timeoutMs, c.name);
          return null;
        } catch (error) {
          return { name: c.name, error };
        }
      }),
    );
    if (this.draining) return { name: 'shutdown' };
    return results.find((r) => r !== null) ?? null;
  }
}

function withTimeout(work: Promise<void>, ms: number, name: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers a `select 1` (through the application's own pool or embedded connection). */
export const databaseCheck = (database: Database): ReadinessCheck => ({
  name: 'database',
  check: async () => {
    await database.db.execute(sql`select 1`);
  },
});

/** The job worker claims jobs: a worker process is ready once it started it, and not before. */
export const jobWorkerCheck = (jobs: JobQueue): ReadinessCheck => ({
  name: 'jobs',
  check: async () => {
    if (!jobs.isWorking) throw new Error('the job worker has not started');
  },
});

const statusSchema = successEnvelope(z.object({ status: z.literal('ok') }));

/**
 * `GET /healthz`: the process is alive (no database call). `GET /readyz`: every readiness check answers and the
 * process is not shutting down; else 503 naming the failed check. No authentication: load balancers call them.
 */
export function registerHealthRoutes(app: AppInstance, readiness: Readiness) {
  app.get(
    '/healthz',
    {
      // load balancers ask every few seconds: only failures reach the log
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: statusSchema },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      // load balancers ask every few seconds: only failures reach the log
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the dependencies answer and the process is not shutting down; 503 names the failed check',
        security: [],
        response: { 200: statusSchema },
      },
    },
    async (request, reply) => {
      const failed = await readiness.failing();
      if (!failed) return ok({ status: 'ok' as const });
      if (failed.error) request.log.warn({ err: failed.error, check: failed.name }, 'readiness check failed');
      reply.header('cache-control', 'no-store');
      return sendError(reply, 503, translate('service_not_ready', localeOf(request), { check: failed.name }));
    },
  );
}
