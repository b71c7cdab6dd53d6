import type { Endpoint } from '@omnichat/contracts';
import { replies } from './envelope.ts';

/**
 * The method, URL and schemas of a route declared once in the contracts (`endpoint`): spread into `app.route`
 * beside its guard and handler, which the schemas type.
 */
export function routeOf<E extends Endpoint>(endpoint: E, tags: string[]) {
  const schema = {
    tags,
    summary: endpoint.summary,
    params: endpoint.params as E['params'],
    querystring: endpoint.query as E['query'],
    body: endpoint.body as E['body'],
    response: replies(endpoint.response as E['response']),
  };
  // Fastify warns about a params key set to undefined on the HEAD route it adds beside a GET
  for (const key of ['params', 'querystring', 'body'] as const) if (schema[key] === undefined) delete schema[key];
  return { method: endpoint.method, url: endpoint.path, schema };
}
