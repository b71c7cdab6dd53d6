import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/database.ts';

/** What a handler gets besides its payload; `app` is what its definition was registered with (`jobs.define`). */
export interface JobContext<App = unknown> {
  jobId: string;
  attempt: number;
  log: FastifyBaseLogger;
  workspaceId: string | null;
  /** Runs `work` in a transaction scoped to the job's organization (RLS), or throws for a platform job. */
  inWorkspace<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** the services the definition was registered with: the app's context for a module's job */
  app: App;
}

/** A kind of job: its name, version, payload schema, handler and retry policy. A module-level constant. */
export interface JobDefinition<S extends z.ZodType = z.ZodType, App = unknown> {
  name: string;
  /**
   * The payload's version, stored with every queued job: raise it when the payload or its meaning changes. A job
   * stored under an older version runs only through `upgrade`, and fails clearly without it; a job stored by a
   * newer release waits for a worker that knows its version. A new kind of job starts at 1.
   */
  version: number;
  payload: S;
  handle(payload: z.output<S>, job: JobContext<App>): Promise<void>;
  /** The payload of a job stored under `fromVersion` (older than `version`), as this version reads it. */
  upgrade?(payload: unknown, fromVersion: number): z.input<S>;
  /**
   * The named queue whose slots run it (default `default`): bulk work (broadcasts, imports) gets a queue of its
   * own, so it never takes the slots of a sign-in mail.
   */
  queue?: string;
  /** attempts before the job is marked failed (default 5) */
  maxAttempts?: number;
  /** delay before retry n (1-based); default 10 s × 2^(n-1), at most one hour */
  backoffMs?(attempt: number): number;
  /** a cron expression (UTC): the queue keeps one run scheduled at the next occurrence, with payload `{}` */
  cron?: string;
  /**
   * What of the payload may stay in the jobs table once the job is done or failed for good; the rest (live
   * links, tokens) is not kept. Omitted: the payload stays as it was.
   */
  keepWhenFinished?(payload: z.output<S>): object;
}

export const defineJob = <S extends z.ZodType, App = unknown>(definition: JobDefinition<S, App>) => definition;

export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
