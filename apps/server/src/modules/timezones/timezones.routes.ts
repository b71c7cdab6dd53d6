import { timeZoneEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { findTimeZone, searchTimeZones } from './timezones.ts';

export async function timezonesRoutes(app: AppInstance, { guards }: AppContext) {
  const tags = ['timezone'];
  app.route({
    ...routeOf(timeZoneEndpoints.lookup, tags),
    preHandler: guards.any(),
    handler: async (request) => {
      const zone = findTimeZone(request.body.identifier);
      if (!zone) throw fieldError('identifier', 'invalid_time_zone');
      return ok(zone);
    },
  });
  app.route({
    ...routeOf(timeZoneEndpoints.search, tags),
    preHandler: guards.any(),
    handler: async (request) => ok(searchTimeZones(request.query.keyword)),
  });
}
