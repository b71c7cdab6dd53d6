import type { Redis } from 'ioredis';
import type { BucketStore } from './bucket-store.ts';

/**
 * One take, atomic in Redis. A bucket is a hash (tokens, at: ms of the last take); a missing one is full, and one
 * that would be full again expires. Numbers go as text with 17 digits, so no precision is lost between takes.
 */
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local count = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local tokens, at = burst, now
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
if bucket[1] then
  at = tonumber(bucket[2])
  tokens = math.min(burst, tonumber(bucket[1]) + math.max(0, now - at) * rate / 1000)
end
local left = tokens - count
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', left), 'at', string.format('%.17g', math.max(at, now)))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - left) * 1000 / rate) + 1000)
return string.format('%.17g', left)
`;

const PREFIX = 'omnichat:pace:';

type WithTake = Redis & {
  omnichatPaceTake(key: string, rate: number, burst: number, count: number, now: number | ''): Promise<string>;
};

/** Buckets in Redis: the script runs by its hash (EVALSHA), loaded again when Redis lost it. */
export function redisBuckets(redis: Redis): BucketStore {
  redis.defineCommand('omnichatPaceTake', { numberOfKeys: 1, lua: TAKE });
  const client = redis as WithTake;
  return {
    async take(key, { ratePerSecond, burst }, count, now) {
      return Number(await client.omnichatPaceTake(PREFIX + key, ratePerSecond, burst, count, now ?? ''));
    },
  };
}
