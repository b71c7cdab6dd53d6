import type { Endpoint } from '@omnichat/contracts';
import { replies } from './envelope.ts';

/**
 * The method, URL and schemas of a route declared once in the contracts (`endpoint`): spread into `app.route`
 * beside its guard and handler, which the schemas type.
 */
export const routeOf = <E extends Endpoint>(endpoint: E, tags: string[]) => ({
  method: endpoint.method,
  url: endpoint.path,
  schema: {
    tags,
    summary: endpoint.summary,
    params: endpoint.params as E['params'],
    querystring: endpoint.query as E['query'],
    body: endpoint.body as E['body'],
    response: replies(endpoint.response as E['response']),
  },
});
