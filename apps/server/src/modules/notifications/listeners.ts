import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';
import { type DurableListenerDefinition, durableListener } from '../../platform/modules/define-module.ts';
import { perApp } from '../../platform/modules/per-app.ts';
import { customers } from '../customers/index.ts';
import { pushToUser } from '../webpush/index.ts';
import { notificationDelivery } from './delivery.ts';
import { notificationsChanged } from './notification-socket.ts';
import { createNotifier, ownersAndAdmins } from './notifier.ts';

const organizationName = async (tx: Tx, workspaceId: string) =>
  (await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.name ?? '';
const userOfMember = async (tx: Tx, memberId: string) =>
  (
    await tx.select({ userId: workspaceMembers.userId }).from(workspaceMembers).where(eq(workspaceMembers.id, memberId))
  )[0]?.userId;

const customerNames = async (tx: Tx, ids: string[]) =>
  new Map(
    (
      await tx
        .select({ id: customers.id, name: customers.displayName })
        .from(customers)
        .where(inArray(customers.id, [...new Set(ids)]))
    ).map((row) => [row.id, row.name]),
  );

/** How much of a message a notification quotes. */
const PREVIEW_MAX = 140;

/** This app's notifier: stores notifications, tells the panel sockets, mails and pushes as each user chose. */
const notifierOf = perApp((ctx) =>
  createNotifier(
    ctx,
    (workspaceId, userIds) => notificationsChanged(ctx.cluster, workspaceId, userIds),
    notificationDelivery(ctx, (userId, title, body, url) => pushToUser(ctx, userId, { title, body, url })),
  ),
);

/**
 * The domain events that notify (durable listeners: each event notifies once, also when delivered twice, by its
 * id as the notifications' event key).
 */
export const notificationListeners: DurableListenerDefinition[] = [
  durableListener({
    event: 'member.joined',
    name: 'notifications.notify',
    handle: async ({ id, workspaceId, data }, job) =>
      job.inWorkspace(async (tx) => {
        const organization = await organizationName(tx, workspaceId!);
        const name = data.display_name || data.username;
        const admins = (await ownersAndAdmins(tx, workspaceId!)).filter((userId) => userId !== data.user_id);
        await notifierOf(job.app).notifyIn(tx, workspaceId!, admins, {
          type: 'member.joined',
          params: { name, organization },
          url: '/app/organization/users',
          eventKey: `${id}:joined`,
        });
        if (data.invited_by && data.invited_by !== data.user_id)
          await notifierOf(job.app).notifyIn(tx, workspaceId!, [data.invited_by], {
            type: 'invite.accepted',
            params: { name, organization },
            url: '/app/organization/users',
            eventKey: `${id}:accepted`,
          });
      }),
  }),

  durableListener({
    event: 'conversation.assigned',
    name: 'notifications.notify',
    handle: async ({ id, workspaceId, data }, job) =>
      job.inWorkspace(async (tx) => {
        if (!data.assignee_member_id || data.assignee_member_id === data.by_member_id) return;
        const userId = await userOfMember(tx, data.assignee_member_id);
        if (userId)
          await notifierOf(job.app).notifyIn(tx, workspaceId!, [userId], {
            type: 'conversation.assigned',
            params: { customer: data.customer_name, channel: data.channel_type },
            url: `/app/chat/chat?c=${data.conversation_id}`,
            eventKey: id,
          });
      }),
  }),

  // the customer wrote in conversations someone handles: their assignee hears of it once per conversation of an
  // emit (a webhook batch's messages come together), of its latest message; no other message is stored for it
  durableListener({
    event: 'message.stored',
    name: 'notifications.notify',
    wants: (data) => data.message.direction === 'inbound' && !!data.conversation.assignee_member_id,
    handleBatch: async (stored, job) => {
      const latest = new Map(stored.map((event) => [event.data.conversation.id, event]));
      await job.inWorkspace(async (tx) => {
        const names = await customerNames(
          tx,
          [...latest.values()].map((event) => event.data.conversation.customer_id),
        );
        for (const { id, workspaceId, data } of latest.values()) {
          const customer = names.get(data.conversation.customer_id);
          // a customer deleted or merged away since: its conversation is gone or another's
          const userId = customer !== undefined && (await userOfMember(tx, data.conversation.assignee_member_id!));
          if (userId)
            await notifierOf(job.app).notifyIn(tx, workspaceId!, [userId], {
              type: 'conversation.message',
              params: {
                customer,
                preview: (data.message.text ?? `[${data.message.type}]`).slice(0, PREVIEW_MAX),
              },
              url: `/app/chat/chat?c=${data.conversation.id}`,
              eventKey: id,
            });
        }
      });
    },
  }),

  durableListener({
    event: 'channel.needs_reauth',
    name: 'notifications.notify',
    handle: async ({ id, workspaceId, data }, job) =>
      job.inWorkspace(async (tx) =>
        notifierOf(job.app).notifyIn(tx, workspaceId!, await ownersAndAdmins(tx, workspaceId!), {
          type: 'channel.needs_reauth',
          params: { channel: data.channel_name },
          url: '/app/chat/channel',
          eventKey: id,
        }),
      ),
  }),
];
