import { createHash, timingSafeEqual } from 'node:crypto';
import { translate } from '@omnichat/contracts';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { localeOf, sendError } from '../http/error-handler.ts';
import type { AppInstance } from '../http/types.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import type { SocketHub } from '../realtime/socket-hub.ts';

export interface MetricsOptions {
  /** `Authorization: Bearer <token>` required when set; open when unset. */
  token?: string;
  database: Database;
  sockets: SocketHub;
  events: EventBus;
}

/** The route label of requests no route matched (unknown paths, the web app's deep links). */
export const UNMATCHED_ROUTE = 'unmatched';
const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

let processRegistry: Registry | undefined;
/**
 * Default process metrics (CPU, memory, event loop, GC) describe the process, not an app: one registry per
 * process, created once, so tests that build many apps do not add a monitor each.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at `GET /metrics`: requests per route template (never the raw URL, so ids do not explode the
 * label set), open general sockets, job queue depth per status, and the default process metrics. The app's
 * metrics live in a registry of its own, not prom-client's global one.
 */
export function registerMetrics(app: AppInstance, options: MetricsOptions): Registry {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'omnichat_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'omnichat_http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route template and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { sockets, database, events } = options;
  const eventLag = new Histogram({
    name: 'omnichat_event_lag_seconds',
    help: 'time from a domain event to its durable delivery to a listener, by event type',
    labelNames: ['type'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  events.onDelivered((type, lagMs) => eventLag.observe({ type }, lagMs / 1000));
  new Gauge({
    name: 'omnichat_general_sockets',
    help: 'general sockets open in this process',
    registers: [registry],
    collect() {
      this.set(sockets.size);
    },
  });
  // one query per scrape feeds both job gauges (prom-client collects the metrics of a registry concurrently)
  let reading: Promise<{ status: string; count: number; retrying: number }[] | null> | undefined;
  const readJobs = () => {
    reading ??= database
      .unsafeCrossTenant('metrics read the job queue depth', (tx) =>
        tx
          .select({
            status: jobs.status,
            count: sql<number>`count(*)::int`,
            retrying: sql<number>`(count(*) filter (where ${jobs.lastError} is not null))::int`,
          })
          .from(jobs)
          .groupBy(jobs.status),
      )
      .catch((error) => {
        // the other metrics still answer; readiness reports the database
        app.log.warn({ err: error }, 'metrics could not read the job queue');
        return null;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'omnichat_jobs',
    help: 'jobs in the queue table by status (all processes sharing the database); failed = failed for good',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      for (const status of JOB_STATUSES) this.set({ status }, 0);
      for (const row of (await readJobs()) ?? []) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'omnichat_jobs_retrying',
    help: 'queued jobs waiting to retry after a failed attempt (all processes sharing the database)',
    registers: [registry],
    async collect() {
      const queued = (await readJobs())?.find((row) => row.status === 'queued');
      this.set(Number(queued?.retrying ?? 0));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  const defaults = processMetrics();
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return sendError(reply, 401, translate('unauthorized', localeOf(request)));
    }
    const text = (await registry.metrics()) + (await defaults.metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
  return registry;
}
