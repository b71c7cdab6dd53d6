import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../db/database.ts';

export interface JobContext {
  jobId: string;
  attempt: number;
  log: FastifyBaseLogger;
  workspaceId: string | null;
  /** Runs `work` in a transaction scoped to the job's organization (RLS), or throws for a platform job. */
  inWorkspace<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A kind of job: its name, payload schema, handler and retry policy. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  handle(payload: z.output<S>, context: JobContext): Promise<void>;
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

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>) => definition;

export const defaultBackoffMs = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
