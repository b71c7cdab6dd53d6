/** Times in the organization's time zone (IANA name), without a time-zone library: Intl knows every zone. */

const partsOf = (zone: string, at: Date) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
};

const safeZone = (zone: string | undefined) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone || 'UTC' });
    return zone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Unix seconds as `YYYY-MM-DD HH:mm` on the organization's clock; '-' for none. */
export function formatInZone(seconds: number | null | undefined, zone: string | undefined): string {
  if (!seconds) return '-';
  const { year, month, day, hour, minute } = partsOf(safeZone(zone), new Date(seconds * 1000));
  return `${year}-${month}-${day} ${hour}:${minute}`;
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
const offsetAt = (zone: string, at: number) => {
  const { year, month, day, hour, minute } = partsOf(zone, new Date(at));
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  return wall - Math.floor(at / 60_000) * 60_000;
};

export interface WallTime {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** A date and time read on the organization's clock, as unix seconds. */
export function wallTimeToUnix(wall: WallTime, zone: string | undefined): number {
  const name = safeZone(zone);
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let at = guess - offsetAt(name, guess);
  // across a daylight-saving change the offset at the answer may differ from the guess's
  const again = offsetAt(name, at);
  if (guess - again !== at) at = guess - again;
  return Math.floor(at / 1000);
}
