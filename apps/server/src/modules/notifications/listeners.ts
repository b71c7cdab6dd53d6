import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import type { DomainEvent } from '../../platform/events/catalogue.ts';
import { teamMembers } from '../../platform/identity/teams.tables.ts';
import { workspaceMembers, workspaces } from '../../platform/identity/workspaces.tables.ts';
import { type AppJob, type DurableListenerDefinition, durableListener } from '../../platform/modules/define-module.ts';
import { perApp } from '../../platform/modules/per-app.ts';
import { customers } from '../customers/index.ts';
import { pushToUser } from '../webpush/index.ts';
import { notificationDelivery } from './delivery.ts';
import { notificationsChanged } from './notification-socket.ts';
import { conversationSubject, createNotifier, ownersAndAdmins } from './notifier.ts';

const organizationName = async (tx: Tx, workspaceId: string) =>
  (await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.name ?? '';
const userOfMember = async (tx: Tx, memberId: string) => (await usersOfMembers(tx, [memberId])).get(memberId);
/** The users of these members, by one statement. */
const usersOfMembers = async (tx: Tx, memberIds: string[]) =>
  new Map(
    memberIds.length
      ? (
          await tx
            .select({ id: workspaceMembers.id, userId: workspaceMembers.userId })
            .from(workspaceMembers)
            .where(inArray(workspaceMembers.id, [...new Set(memberIds)]))
        ).map((row) => [row.id, row.userId])
      : [],
  );

const customerNames = async (tx: Tx, ids: string[]) =>
  new Map(
    !ids.length
      ? []
      : (
          await tx
            .select({ id: customers.id, name: customers.displayName })
            .from(customers)
            .where(inArray(customers.id, [...new Set(ids)]))
        ).map((row) => [row.id, row.name]),
  );

/** How much of a message a notification quotes. */
const PREVIEW_MAX = 140;

/**
 * A batch of stored messages: per conversation, the customer's messages after the last one an agent wrote go to
 * its assignee's notification (their count, the latest's preview); the agents who wrote have read it. The same
 * few statements whatever the batch's size (no statement per message or per conversation).
 */
async function messagesStored(tx: Tx, job: AppJob, stored: DomainEvent<'message.stored'>[]) {
  const workspaceId = stored[0]!.workspaceId!;
  const inbound = new Map<string, { latest: DomainEvent<'message.stored'>; count: number }>();
  const readers = new Map<string, Set<string>>();
  for (const event of stored) {
    const { conversation, sender_member_id: sender } = event.data;
    if (event.data.message.direction === 'inbound')
      inbound.set(conversation.id, { latest: event, count: (inbound.get(conversation.id)?.count ?? 0) + 1 });
    else if (sender) {
      // an answer after the customer's messages of the batch: the answering agent has seen them
      if (inbound.get(conversation.id)?.latest.data.conversation.assignee_member_id === sender)
        inbound.delete(conversation.id);
      readers.set(conversation.id, (readers.get(conversation.id) ?? new Set()).add(sender));
    }
  }
  const [names, users] = [
    await customerNames(
      tx,
      [...inbound.values()].map(({ latest }) => latest.data.conversation.customer_id),
    ),
    await usersOfMembers(tx, [
      ...[...inbound.values()].map(({ latest }) => latest.data.conversation.assignee_member_id!),
      ...[...readers.values()].flatMap((members) => [...members]),
    ]),
  ];
  const notifier = notifierOf(job.app);
  // reads first: a customer's message after the agent's answer is news again
  await notifier.readIn(
    tx,
    workspaceId,
    [...readers].flatMap(([conversationId, members]) =>
      [...members].flatMap((memberId) => {
        const userId = users.get(memberId);
        return userId ? [{ userId, subject: conversationSubject(conversationId) }] : [];
      }),
    ),
  );
  await notifier.messagesIn(
    tx,
    workspaceId,
    [...inbound.values()].flatMap(({ latest: { id, data }, count }) => {
      const customer = names.get(data.conversation.customer_id);
      const userId = users.get(data.conversation.assignee_member_id!);
      // a customer deleted or merged away since: its conversation is gone or another's
      if (customer === undefined || !userId) return [];
      return [
        {
          userId,
          count,
          event: {
            type: 'conversation.message' as const,
            params: { customer, preview: (data.message.text ?? `[${data.message.type}]`).slice(0, PREVIEW_MAX) },
            url: `/app/chat/chat?c=${data.conversation.id}`,
            eventKey: id,
            subject: conversationSubject(data.conversation.id),
          },
        },
      ];
    }),
  );
}

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
        const inviter = data.invited_by && data.invited_by !== data.user_id ? data.invited_by : null;
        // one event, one item each: the inviter hears "accepted your invitation" and not also "joined"
        const admins = (await ownersAndAdmins(tx, workspaceId!)).filter(
          (userId) => userId !== data.user_id && userId !== inviter,
        );
        await notifierOf(job.app).notifyIn(tx, workspaceId!, admins, {
          type: 'member.joined',
          params: { name, organization },
          url: '/app/organization/users',
          eventKey: `${id}:joined`,
        });
        if (inviter)
          await notifierOf(job.app).notifyIn(tx, workspaceId!, [inviter], {
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
        // an auto-assignment (no member did it) comes with the customer's first message, whose notification the
        // assignee gets: one item for one conversation
        if (!data.assignee_member_id || !data.by_member_id || data.assignee_member_id === data.by_member_id) return;
        const userId = await userOfMember(tx, data.assignee_member_id);
        if (userId)
          await notifierOf(job.app).notifyIn(tx, workspaceId!, [userId], {
            type: 'conversation.assigned',
            params: { customer: data.customer_name, channel: data.channel_type },
            url: `/app/chat/chat?c=${data.conversation_id}`,
            eventKey: id,
            subject: conversationSubject(data.conversation_id),
          });
      }),
  }),

  // an AI agent handed a conversation over: the members of the team it went to (every team's, for all teams; the
  // owners and admins when there is no team) hear why
  durableListener({
    event: 'conversation.ai_handed_off',
    name: 'notifications.notify',
    handle: async ({ id, workspaceId, data }, job) =>
      job.inWorkspace(async (tx) => {
        const rows = await tx
          .selectDistinct({ userId: workspaceMembers.userId })
          .from(teamMembers)
          .innerJoin(workspaceMembers, eq(workspaceMembers.id, teamMembers.memberId))
          .where(
            and(eq(workspaceMembers.active, true), data.team_id ? eq(teamMembers.teamId, data.team_id) : undefined),
          );
        const userIds = rows.length ? rows.map((row) => row.userId) : await ownersAndAdmins(tx, workspaceId!);
        await notifierOf(job.app).notifyIn(tx, workspaceId!, userIds, {
          type: 'conversation.ai_handoff',
          params: { customer: data.customer_name, channel: data.channel_type, reason: data.reason },
          url: `/app/chat/chat?c=${data.conversation_id}`,
          eventKey: id,
          subject: conversationSubject(data.conversation_id),
        });
      }),
  }),

  // the customer wrote in conversations someone handles: their assignee's one notification of the conversation
  // takes the batch's messages (a webhook batch's come together: a fixed number of statements for the lot); an
  // agent writing in a conversation has read it: their notifications of it are read
  durableListener({
    event: 'message.stored',
    name: 'notifications.notify',
    wants: (data) =>
      data.message.direction === 'inbound' ? !!data.conversation.assignee_member_id : !!data.sender_member_id,
    handleBatch: (stored, job) => job.inWorkspace((tx) => messagesStored(tx, job, stored)),
  }),

  // the member opened the conversation (`POST /v1/conversations/:id/read`): its notifications are read for them
  durableListener({
    event: 'conversation.changed',
    name: 'notifications.read',
    wants: (data) => data.change === 'read' && !!data.by_member_id,
    handle: async ({ workspaceId, data }, job) =>
      job.inWorkspace(async (tx) => {
        const userId = await userOfMember(tx, data.by_member_id!);
        if (userId)
          await notifierOf(job.app).readIn(tx, workspaceId!, [
            { userId, subject: conversationSubject(data.conversation.id) },
          ]);
      }),
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

  durableListener({
    event: 'wallet.low_balance',
    name: 'notifications.notify',
    handle: async ({ id, workspaceId, data }, job) =>
      job.inWorkspace(async (tx) =>
        notifierOf(job.app).notifyIn(tx, workspaceId!, await ownersAndAdmins(tx, workspaceId!), {
          type: 'wallet.low_balance',
          params: { balance: dollars(data.balance_cents), threshold: dollars(data.threshold_cents) },
          url: '/app/organization/wallet',
          eventKey: id,
        }),
      ),
  }),

  // a renewal's charge failed (Stripe's invoice.payment_failed): owners and admins hear of it, by e-mail too
  durableListener({
    event: 'subscription.payment_failed',
    name: 'notifications.notify',
    handle: async ({ id, workspaceId, data }, job) =>
      job.inWorkspace(async (tx) =>
        notifierOf(job.app).notifyIn(tx, workspaceId!, await ownersAndAdmins(tx, workspaceId!), {
          type: 'subscription.payment_failed',
          params: {
            plan: data.plan_name ?? '',
            amount: `${(data.amount_due_cents / 100).toFixed(2)} ${data.currency.toUpperCase()}`,
          },
          url: '/app/organization/settings',
          eventKey: id,
        }),
      ),
  }),
];

/** $D.CC, as the SPEC shows money */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
