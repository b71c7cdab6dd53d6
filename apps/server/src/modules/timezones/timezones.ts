import type { TimeZone } from '@omnichat/contracts';
import ct from 'countries-and-timezones';

/** Older ICU builds (Node 20) list some zones by their pre-rename names; users know the current IANA names. */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
};
const identifiers = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone').map((id) => RENAMED[id] ?? id)])].sort();
const byLowerName = new Map([
  ...Object.entries(RENAMED).map(([old, current]) => [old.toLowerCase(), current] as const),
  ...identifiers.map((id) => [id.toLowerCase(), id] as const),
]);
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

/** The zone with this identifier (any case, old names too) under its current name, or null. */
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

/** The country a time zone belongs to (the first one where it is shared, e.g. Europe/London → GB); null for UTC. */
export function countryOfTimeZone(timeZone: string): string | null {
  return ct.getCountriesForTimezone(timeZone)[0]?.id ?? null;
}
