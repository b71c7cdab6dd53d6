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

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
