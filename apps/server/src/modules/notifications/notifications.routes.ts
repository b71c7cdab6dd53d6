import {
  NOTIFICATION_TYPES,
  type NotificationPreferences,
  notificationPreferenceEndpoints,
  resolveLocale,
} from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { notificationSocket } from './notification-socket.ts';
import { notificationPreferences } from './notifications.tables.ts';
import { createPanel } from './panel.ts';

async function preferencesOf(tx: Tx, userId: string): Promise<NotificationPreferences> {
  const [row] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return {
    email_mode: row?.emailMode ?? 'immediate',
    types: NOTIFICATION_TYPES.map((type) => ({
      type,
      in_app: row?.channels[type]?.in_app ?? true,
      email: row?.channels[type]?.email ?? true,
      push: row?.channels[type]?.push ?? true,
    })),
  };
}

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
  app.route({
    ...routeOf(notificationPreferenceEndpoints.get, group),
    preHandler: member,
    handler: async (request) => {
      const { workspaceId, user } = memberOf(request);
      return ok(await ctx.database.withWorkspace(workspaceId, (tx) => preferencesOf(tx, user.id)));
    },
  });
  app.route({
    ...routeOf(notificationPreferenceEndpoints.update, group),
    preHandler: member,
    handler: async (request) => {
      const { workspaceId, user } = memberOf(request);
      const body = request.body;
      return ok(
        await ctx.database.withWorkspace(workspaceId, async (tx) => {
          const current = await preferencesOf(tx, user.id);
          const channels = Object.fromEntries(
            current.types.map(({ type, ...choice }) => [
              type,
              body.types.find((wanted) => wanted.type === type) ?? choice,
            ]),
          );
          for (const value of Object.values(channels)) delete (value as { type?: string }).type;
          await tx
            .insert(notificationPreferences)
            .values({
              workspaceId,
              userId: user.id,
              channels,
              emailMode: body.email_mode,
              locale: resolveLocale(request.headers['x-locale'] as string | undefined),
            })
            .onConflictDoUpdate({
              target: [notificationPreferences.workspaceId, notificationPreferences.userId],
              set: { channels, emailMode: body.email_mode, updatedAt: new Date() },
            });
          return preferencesOf(tx, user.id);
        }),
      );
    },
  });
}
