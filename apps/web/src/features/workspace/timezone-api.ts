import { formatOffset, type TimeZone, timeZoneEndpoints } from '@omnichat/contracts';
import { http } from '../../app/http/index.ts';
import type { RemoteOption } from '../../ui/RemoteSelect.tsx';

export const timeZoneOption = (zone: TimeZone): RemoteOption => ({
  value: zone.identifier,
  label: `${zone.identifier} (${formatOffset(zone.offset)})`,
});

/** GET /v1/timezone?keyword=... */
export async function searchTimeZones(keyword: string): Promise<RemoteOption[]> {
  const zones = await http.call(timeZoneEndpoints.search, { query: { keyword: keyword.trim() || undefined } });
  return zones.map(timeZoneOption);
}

/** POST /v1/timezone {identifier}: the offset of one zone, for the label of the current value. */
export async function getTimeZone(identifier: string): Promise<RemoteOption | null> {
  const zone = await http.call(timeZoneEndpoints.lookup, { body: { identifier }, silent: true });
  return zone ? timeZoneOption(zone) : null;
}

/** The browser's own time zone (the default of a new organization); UTC when the browser names none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The default time zone of a new organization: the browser's own, under the name the server knows it by
 * (Asia/Calcutta → Asia/Kolkata), or UTC when the server does not know it.
 */
export async function defaultTimeZone(): Promise<string> {
  const browser = browserTimeZone();
  try {
    return (await http.call(timeZoneEndpoints.lookup, { body: { identifier: browser }, silent: true })).identifier;
  } catch {
    return 'UTC';
  }
}
