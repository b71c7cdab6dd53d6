import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const API_PREFIXES = ['/v1/', '/public/', '/api/'];
export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);

/**
 * Serves the built single-page app: its files as they are (the brotli or gzip copy the build made when the
 * browser accepts it), index.html for every other non-API GET so deep links work. Returns false when the web app
 * has not been built.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // the public pages rendered at build time are answered filled in (marketing-pages.ts), never raw
    allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // caches keep the brotli, gzip and plain answers apart
      res.setHeader('vary', 'accept-encoding');
      // the web-chat widget is loaded by <script> on customers' sites (helmet's default is same-origin)
      if (path.basename(filePath).startsWith('widget.js'))
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });
  return true;
}
