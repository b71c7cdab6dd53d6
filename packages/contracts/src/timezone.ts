import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { timeZoneField } from './workspace.ts';

/** offset: hours times 100 (SPEC 3), so +05:30 is 550 and -03:00 is -300. */
export const timeZoneSchema = z.object({ identifier: z.string(), offset: z.number().int() });
export type TimeZone = z.infer<typeof timeZoneSchema>;

export const timeZoneLookupBodySchema = z.object({ identifier: timeZoneField });
export const timeZoneSearchQuerySchema = z.object({ keyword: z.string().trim().max(64).optional() });

/** 550 → "+05:30" */
export function formatOffset(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  const totalMinutes = Math.round((Math.abs(offset) * 60) / 100);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${sign}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

export const timeZoneEndpoints = {
  lookup: endpoint({
    method: 'POST',
    path: '/v1/timezone',
    body: timeZoneLookupBodySchema,
    response: timeZoneSchema,
    summary: 'One time zone with its offset (hours × 100)',
  }),
  search: endpoint({
    method: 'GET',
    path: '/v1/timezone',
    query: timeZoneSearchQuerySchema,
    response: z.array(timeZoneSchema),
    summary: 'Search time zones by keyword',
  }),
};
