import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ReadinessCheck } from '../observability/health.ts';

type Handler = (message: unknown) => void;

/**
 * Messages every process of the deployment hears: socket pushes and closes, cache invalidations. A publisher's own
 * process gets its message at once, in the same tick, so one process alone behaves exactly as without a bus.
 */
export interface ClusterBus {
  publish(channel: string, message: unknown): void;
  subscribe(channel: string, handler: Handler): void;
  /** `/readyz`'s check of the bus, when it depends on a server (Redis) */
  readonly readiness?: ReadinessCheck;
  /** a Redis connection for commands (shared counters), when the bus runs on Redis */
  readonly redis?: Redis;
  close(): Promise<void>;
}

/** One process, no server: what it publishes reaches its own subscribers only. */
export class LocalBus implements ClusterBus {
  protected readonly handlers = new Map<string, Handler[]>();

  publish(channel: string, message: unknown): void {
    this.deliver(channel, message);
  }

  subscribe(channel: string, handler: Handler): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  protected deliver(channel: string, message: unknown): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(message);
  }

  async close(): Promise<void> {}
}

const PREFIX = 'omnichat:';
/** While Redis is away, its errors are logged once per this interval, not on every reconnect attempt. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * Several processes through Redis pub/sub (ioredis): a message is delivered to this process directly and published
 * for the others, which skip nothing but their own. When Redis is down, the local delivery goes on, the messages for
 * other processes are dropped (not queued without bound) and logged, ioredis reconnects with backoff and
 * resubscribes, and pushes across processes resume.
 */
export class RedisBus extends LocalBus {
  private readonly origin = randomUUID();
  private readonly publisher: Redis;
  /** commands of others (the shared rate limits) go over the publishing connection */
  get redis(): Redis {
    return this.publisher;
  }
  private readonly subscriber: Redis;
  private lastErrorLog = 0;
  private dropped = 0;
  private closing = false;

  private readonly log: FastifyBaseLogger;

  constructor(url: string, log: FastifyBaseLogger) {
    super();
    this.log = log;
    const options = {
      // a publish while disconnected fails at once instead of piling up in memory
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt: number) => Math.min(attempt * 200, 5_000),
      lazyConnect: false,
    };
    this.publisher = new Redis(url, { ...options, connectionName: 'omnichat-publish' });
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true, connectionName: 'omnichat-subscribe' });
    for (const [role, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      client.on('error', (error) => this.logError(role, error));
      client.on('close', () => {
        if (!this.closing) this.logError(role, new Error('connection closed'));
      });
      client.on('ready', () => this.log.info({ redis: role }, 'redis connected'));
    }
    this.subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
  }

  readonly readiness: ReadinessCheck = {
    name: 'redis',
    check: async () => {
      for (const client of [this.publisher, this.subscriber]) {
        if (client.status !== 'ready') throw new Error(`redis is ${client.status}`);
      }
      await this.publisher.ping();
    },
  };

  override publish(channel: string, message: unknown): void {
    this.deliver(channel, message);
    const raw = JSON.stringify({ origin: this.origin, message });
    this.publisher.publish(PREFIX + channel, raw).catch((error) => {
      this.dropped += 1;
      this.logError('publisher', error);
    });
  }

  override subscribe(channel: string, handler: Handler): void {
    if (!this.handlers.has(channel)) {
      this.subscriber.subscribe(PREFIX + channel).catch((error) => this.logError('subscriber', error));
    }
    super.subscribe(channel, handler);
  }

  private receive(prefixed: string, raw: string) {
    try {
      const { origin, message } = JSON.parse(raw) as { origin: string; message: unknown };
      if (origin !== this.origin) this.deliver(prefixed.slice(PREFIX.length), message);
    } catch (error) {
      this.log.error({ err: error, channel: prefixed }, 'cluster message failed');
    }
  }

  private logError(role: string, error: Error) {
    const now = Date.now();
    if (now - this.lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog = now;
    this.log.error({ err: error, redis: role, dropped_messages: this.dropped }, 'redis unavailable');
  }

  override async close(): Promise<void> {
    this.closing = true;
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export const createClusterBus = (redisUrl: string | undefined, log: FastifyBaseLogger): ClusterBus =>
  redisUrl ? new RedisBus(redisUrl, log) : new LocalBus();
