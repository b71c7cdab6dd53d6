import { spawnSync } from 'node:child_process';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, startRedis } from '../../../test/cluster.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { createClusterBus } from '../realtime/cluster-bus.ts';
import {
  createPacingLimiter,
  type PaceRate,
  type PacingLimiter,
  type PacingOptions,
  PacingUnavailableError,
} from './pacing-limiter.ts';

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

const silent = pino({ level: 'silent' });
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A clock the test moves by hand, shared by the limiters of a test (the processes of one deployment). */
function fakeClock() {
  let now = Date.UTC(2026, 0, 1);
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

type Timing = Pick<PacingOptions, 'now' | 'sleep'>;
/** Two limiters on one store, each with connections of its own, as two processes have. */
type Limiters = (timing?: Timing) => Promise<[PacingLimiter, PacingLimiter]>;

const onDatabase: Limiters = async (timing) => {
  const test = await openTestDatabase();
  cleanup.push(() => test.drop());
  // PostgreSQL: a second pool on the same database; an embedded database belongs to one process, which both share
  let other: Database = test.database;
  if (test.url) {
    other = await openDatabase({ databaseUrl: test.url });
    cleanup.push(() => other.close());
  }
  return [
    createPacingLimiter({ database: test.database, ...timing }),
    createPacingLimiter({ database: other, ...timing }),
  ];
};

/** Limiters on the Redis at `url`, each on the connection a process's cluster bus opens. */
async function redisLimiters(url: string, timing?: Timing): Promise<[PacingLimiter, PacingLimiter]> {
  const test = await openTestDatabase(); // beside Redis, never used
  cleanup.push(() => test.drop());
  const buses = [createClusterBus(url, silent), createClusterBus(url, silent)];
  cleanup.push(...buses.map((bus) => () => bus.close()));
  for (const bus of buses) await eventually(async () => bus.redis?.status === 'ready');
  return [
    createPacingLimiter({ redis: buses[0]!.redis, database: test.database, ...timing }),
    createPacingLimiter({ redis: buses[1]!.redis, database: test.database, ...timing }),
  ];
}

const onRedis: Limiters = async (timing) => {
  const redis = await startRedis();
  cleanup.push(() => redis.stop());
  return redisLimiters(redis.url, timing);
};

const TEN_A_SECOND: PaceRate = { ratePerSecond: 10, burst: 5 };

describe.each([
  { store: 'the database (PGlite, or PostgreSQL with DATABASE_URL)', limiters: onDatabase, skip: false },
  { store: 'Redis', limiters: onRedis, skip: !hasRedisServer },
])('pacing limiter on $store', ({ limiters, skip }) => {
  it.skipIf(skip)(
    'lets a burst go at once, then gives each later caller a turn 1/rate after the one before',
    async () => {
      const clock = fakeClock();
      const [pacing] = await limiters({ now: clock.now });
      const waits = [];
      for (let i = 0; i < 8; i++) waits.push(await pacing.take('number-1', TEN_A_SECOND));
      expect(waits).toEqual([0, 0, 0, 0, 0, 100, 200, 300]);
      // a second later 10 tokens came back, less the 3 taken ahead; the bucket holds 5 (the burst) at most
      clock.advance(1_000);
      expect(await pacing.take('number-1', TEN_A_SECOND, 5)).toBe(0);
      expect(await pacing.take('number-1', TEN_A_SECOND, 2)).toBe(200);
    },
  );

  it.skipIf(skip)('holds a sender that waits each answer out to the rate over time', async () => {
    const clock = fakeClock();
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      clock.advance(ms);
    };
    const [pacing] = await limiters({ now: clock.now, sleep });
    const start = clock.now();
    const sent: number[] = [];
    while (clock.now() - start <= 10_000) {
      await pacing.waitFor('number-1', { ratePerSecond: 20, burst: 10 });
      sent.push(clock.now() - start);
    }
    // the burst at once, then 20 a second: 10 + 200 in the first ten seconds
    expect(sent.filter((at) => at <= 10_000)).toHaveLength(210);
    expect(sent.slice(0, 12)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50, 100]);
    expect(new Set(sleeps)).toEqual(new Set([50]));
  });

  it.skipIf(skip)('keeps keys apart, each at the rate of its call', async () => {
    const clock = fakeClock();
    const [pacing] = await limiters({ now: clock.now });
    for (let i = 0; i < 5; i++) await pacing.take('number-1', TEN_A_SECOND);
    expect(await pacing.take('number-1', TEN_A_SECOND)).toBe(100);
    expect(await pacing.take('number-2', { ratePerSecond: 1, burst: 1 })).toBe(0);
    expect(await pacing.take('number-2', { ratePerSecond: 1, burst: 1 })).toBe(1_000);
    expect(await pacing.take('number-3', TEN_A_SECOND)).toBe(0);
  });

  it.skipIf(skip)('never lets two processes sharing a key exceed the rate together', async () => {
    const clock = fakeClock();
    const [a, b] = await limiters({ now: clock.now });
    // 40 takes at one instant from both, all in flight together: each caller gets a turn of its own
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take('shared-number', TEN_A_SECOND)),
    );
    expect(waits.sort((x, y) => x - y)).toEqual([
      ...Array(5).fill(0),
      ...Array.from({ length: 35 }, (_, i) => (i + 1) * 100),
    ]);

    // later, both send as fast as they are let for five seconds: each takes, waits its answer out, sends, again
    clock.advance(60_000);
    const start = clock.now();
    const ready = [start, start];
    const sent: number[] = [];
    while (Math.min(...ready) - start <= 5_000) {
      const who = ready[0]! <= ready[1]! ? 0 : 1;
      clock.advance(ready[who]! - clock.now());
      ready[who] = clock.now() + (await [a, b][who]!.take('shared-number', TEN_A_SECOND));
      sent.push(ready[who]! - start);
    }
    // the burst, then 10 a second; no second of it holds more than burst + rate
    expect(sent.filter((at) => at <= 5_000)).toHaveLength(5 + 50);
    for (const from of sent) {
      expect(sent.filter((at) => at >= from && at < from + 1_000).length).toBeLessThanOrEqual(15);
    }
  });

  it.skipIf(skip)("keeps time by the store's clock when given none, one clock for every process", async () => {
    const [a, b] = await limiters();
    const slow = { ratePerSecond: 0.001, burst: 1 }; // one per 1,000 s
    expect(await a.take('store-clock', slow)).toBe(0);
    const wait = await b.take('store-clock', slow);
    expect(wait).toBeGreaterThan(990_000);
    expect(wait).toBeLessThanOrEqual(1_000_000);
  });

  it.skipIf(skip)('refuses a rate, count or key that cannot be paced', async () => {
    const [pacing] = await limiters();
    await expect(pacing.take('k', { ratePerSecond: 0, burst: 1 })).rejects.toThrow();
    await expect(pacing.take('k', { ratePerSecond: 1, burst: 0.5 })).rejects.toThrow();
    await expect(pacing.take('k', TEN_A_SECOND, 0)).rejects.toThrow();
    await expect(pacing.take('', TEN_A_SECOND)).rejects.toThrow();
  });
});

describe.skipIf(!hasRedisServer)('pacing limiter while Redis is away', () => {
  it('fails closed at once (nothing goes unpaced), and paces again once Redis is back', async () => {
    const clock = fakeClock();
    const redis = await startRedis();
    cleanup.push(() => redis.stop());
    const [pacing] = await redisLimiters(redis.url, { now: clock.now });
    expect(await pacing.take('number-1', TEN_A_SECOND)).toBe(0);

    await redis.stop();
    await expect(pacing.take('number-1', TEN_A_SECOND)).rejects.toThrow(PacingUnavailableError);
    await expect(pacing.waitFor('number-1', TEN_A_SECOND)).rejects.toThrow(PacingUnavailableError);

    // back on the same port, empty (no persistence): the client reconnects by itself, the bucket starts full again
    const back = await startRedis(redis.port);
    cleanup.push(() => back.stop());
    await eventually(async () =>
      pacing.take('number-1', TEN_A_SECOND).then(
        (wait) => wait === 0,
        () => false,
      ),
    );
    for (let i = 0; i < 4; i++) await pacing.take('number-1', TEN_A_SECOND);
    expect(await pacing.take('number-1', TEN_A_SECOND)).toBe(100);
  });
});
