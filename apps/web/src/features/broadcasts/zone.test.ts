import { describe, expect, it } from 'vitest';
import { formatInZone, wallTimeToUnix } from './zone.ts';

describe("the organization's clock", () => {
  it('formats and reads times in the zone, whatever the browser', () => {
    // 2026-03-01 00:00 UTC
    expect(formatInZone(1_772_323_200, 'Asia/Hong_Kong')).toBe('2026-03-01 08:00');
    expect(formatInZone(1_772_323_200, 'UTC')).toBe('2026-03-01 00:00');
    expect(wallTimeToUnix({ year: 2026, month: 3, day: 1, hour: 8, minute: 0 }, 'Asia/Hong_Kong')).toBe(1_772_323_200);
    // New York in summer time (UTC-4)
    expect(wallTimeToUnix({ year: 2026, month: 7, day: 1, hour: 9, minute: 30 }, 'America/New_York')).toBe(
      Date.UTC(2026, 6, 1, 13, 30) / 1000,
    );
    expect(formatInZone(0, 'UTC')).toBe('-');
  });
});
