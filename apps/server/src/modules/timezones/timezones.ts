import type { TimeZone } from '@omnichat/contracts';

const identifiers = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].sort();
const byLowerName = new Map(identifiers.map((id) => [id.toLowerCase(), id]));
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC now, in the spec's unit: hours × 100 (+05:30 → 550). */
export function offsetOf(identifier: string, at = new Date()): number {
  let formatter = formatters.get(identifier);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: identifier, timeZoneName: 'longOffset' });
    formatters.set(identifier, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * Math.round((minutes * 100) / 60);
}

/** The zone with this identifier (case-insensitive), or null. */
export function findTimeZone(identifier: string): TimeZone | null {
  const found = byLowerName.get(identifier.trim().toLowerCase());
  return found ? { identifier: found, offset: offsetOf(found) } : null;
}

/** Zones whose identifier contains the keyword (spaces match underscores), all zones without one. */
export function searchTimeZones(keyword = ''): TimeZone[] {
  const needle = keyword.trim().toLowerCase().replaceAll(' ', '_');
  return identifiers
    .filter((id) => id.toLowerCase().includes(needle))
    .map((identifier) => ({ identifier, offset: offsetOf(identifier) }));
}
