import type { AppContext } from '../../context.ts';
import type { AppInstance } from '../../platform/http/types.ts';

const THEME_COLOR = '#1677ff';
const BUILT_IN_ICON = { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' };

/**
 * The web app manifest that makes the organization app installable: its name and icon are the platform's (the
 * `system.name` and `system.logo` settings), so a renamed platform installs under its own name.
 */
export async function webManifestRoutes(app: AppInstance, { settings }: AppContext) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const { 'system.name': name, 'system.logo': logo } = await settings.values(['system.name', 'system.logo']);
    const icons = logo.trim() ? [{ src: logo.trim(), sizes: 'any', purpose: 'any' }, BUILT_IN_ICON] : [BUILT_IN_ICON];
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .send({
        name,
        // what a home screen shows under the icon: the name when short, else its first word
        short_name: name.length <= 12 ? name : (name.split(/\s+/)[0] ?? name).slice(0, 12),
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: THEME_COLOR,
        icons,
      });
  });
}
