/** Meta's clocks and ours differ a little: a time up to this far ahead of the delivery's arrival is believed. */
const FUTURE_SLACK_MS = 5 * 60_000;
/** Before Meta's messaging products existed: a time this early is nonsense. */
const EARLIEST_MS = Date.UTC(2009, 0, 1);

/**
 * The time an event says it happened (epoch milliseconds, or seconds when `unit` says so, as a number or a
 * numeric string), or `receivedAt` when it says nothing readable: missing, not a number, before 2009 or out of
 * range for a date. A time more than five minutes after the delivery arrived is taken as its arrival, so a wrong
 * clock cannot put a message ahead of everything written after it.
 */
export function eventTime(value: unknown, receivedAt: Date, unit: 'seconds' | 'milliseconds'): Date {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  const ms = unit === 'seconds' ? number * 1000 : number;
  if (!Number.isFinite(ms) || ms < EARLIEST_MS) return receivedAt;
  if (ms > receivedAt.getTime() + FUTURE_SLACK_MS) return receivedAt;
  return new Date(ms);
}
