import { timeZoneLookupBodySchema, timeZoneSchema, timeZoneSearchQuerySchema } from '@omnichat/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { findTimeZone, searchTimeZones } from './timezones.ts';

export async function timezonesRoutes(app: AppInstance, { guards }: AppContext) {
  const tags = ['timezone'];
  app.post('/v1/timezone', {
    schema: {
      tags,
      summary: 'One time zone with its offset (hours × 100)',
      body: timeZoneLookupBodySchema,
      response: replies(timeZoneSchema),
    },
    preHandler: guards.any(),
    handler: async (request) => {
      const zone = findTimeZone(request.body.identifier);
      if (!zone) throw fieldError('identifier', 'invalid_time_zone');
      return ok(zone);
    },
  });
  app.get('/v1/timezone', {
    schema: {
      tags,
      summary: 'Search time zones by keyword',
      querystring: timeZoneSearchQuerySchema,
      response: replies(z.array(timeZoneSchema)),
    },
    preHandler: guards.any(),
    handler: async (request) => ok(searchTimeZones(request.query.keyword)),
  });
}
