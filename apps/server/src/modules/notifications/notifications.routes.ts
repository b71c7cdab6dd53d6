import { notificationPreferenceEndpoints } from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { notificationSocket } from './notification-socket.ts';
import { createPanel } from './panel.ts';
import { createPreferences } from './preferences.ts';

/**
 * Notifications (issue 12): the panel's socket and the member's preferences (the listeners that turn domain events
 * into notifications are the module's, `listeners.ts`).
 */
export async function notificationsRoutes(app: AppInstance, ctx: AppContext) {
  const panel = createPanel(ctx.database);
  const socket = notificationSocket(ctx, panel, app.log);
  // closed on shutdown with the general socket's (ctx.sockets.closeAll)
  await socket.routes(app);

  const group = ['notifications'];
  const member = ctx.guards.member();
  const preferences = createPreferences(ctx.database);
  app.route({
    ...routeOf(notificationPreferenceEndpoints.get, group),
    preHandler: member,
    handler: async (request) => {
      const { workspaceId, user } = memberOf(request);
      return ok(await preferences.get(workspaceId, user.id));
    },
  });
  app.route({
    ...routeOf(notificationPreferenceEndpoints.update, group),
    preHandler: member,
    handler: async (request) => {
      const { workspaceId, user } = memberOf(request);
      const locale = request.headers['x-locale'] as string | undefined;
      return ok(await preferences.update(workspaceId, user.id, request.body, locale));
    },
  });
}
