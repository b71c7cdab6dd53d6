import type { Activity, ActivityKind, ConversationFacts, Message, PageInfo, ThreadActivity } from '@omnichat/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { MemberPrincipal } from '../../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../../platform/db/columns.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import { messages } from '../conversations.tables.ts';
import { toMessageDto } from '../message-dto.ts';
import { type ConversationActivityRow, conversationActivities } from './desk.tables.ts';

/** Who did something to a conversation, with their name at the time; null for the system. */
export type Actor = { memberId: string; name: string } | null;

export const actorOf = (member: MemberPrincipal): Actor => ({
  memberId: member.member.id,
  name: member.user.displayName || member.user.username,
});

export type ActivityDetails = Omit<Activity, 'kind' | 'actor'>;
export interface NewActivity {
  conversation: ConversationFacts;
  kind: ActivityKind;
  actor: Actor;
  details?: ActivityDetails;
  /** when it happened, if not now (a reopening dated at the customer's message that caused it) */
  at?: Date;
}

export const toActivityDto = (row: ConversationActivityRow): ThreadActivity => ({
  id: row.id,
  conversation_id: row.conversationId,
  type: 'activity',
  activity: {
    kind: row.kind,
    actor: row.actorMemberId ? { id: row.actorMemberId, name: row.actorName ?? '' } : null,
    ...row.details,
  },
  created_at: toUnixSeconds(row.createdAt),
});

/** Inserts activity lines without announcing them (the caller's later events make clients read the thread). */
export async function insertActivities(
  tx: Tx,
  workspaceId: string,
  items: (Omit<NewActivity, 'conversation'> & { conversationId: string })[],
) {
  if (!items.length) return [];
  return tx
    .insert(conversationActivities)
    .values(
      items.map((item) => ({
        workspaceId,
        conversationId: item.conversationId,
        kind: item.kind,
        actorMemberId: item.actor?.memberId ?? null,
        actorName: item.actor?.name ?? null,
        details: item.details ?? {},
        createdAt: item.at ?? new Date(),
      })),
    )
    .returning();
}

/**
 * Records activity lines in the transaction of their change and announces each (`conversation.activity`: the
 * agents who may see the conversation get it live; customers never).
 */
export async function recordActivities(events: EventBus, tx: Tx, workspaceId: string, items: NewActivity[]) {
  const rows = await insertActivities(
    tx,
    workspaceId,
    items.map(({ conversation, ...item }) => ({ ...item, conversationId: conversation.id })),
  );
  if (!rows.length) return [];
  const dtos = rows.map(toActivityDto);
  await events.emitMany(
    tx,
    'conversation.activity',
    dtos.map((activity, index) => ({ activity, conversation: items[index]!.conversation })),
    workspaceId,
  );
  return dtos;
}

export type ThreadItemDto = Message | ThreadActivity;

/**
 * A page of a thread, newest first by time: its messages and its activity lines together (page 1 the newest
 * `size`, answered oldest first; at the same instant an activity line comes before a message). The page is chosen
 * on ids and times alone, then its rows are read.
 */
export async function threadPage(
  tx: Tx,
  conversationId: string,
  page: number,
  size: number,
): Promise<{ items: ThreadItemDto[]; page: PageInfo }> {
  const items = sql`
    select 'm' as kind, ${messages.id} as id, ${messages.sentAt} as at, ${messages.seq} as seq, 1 as rank
      from ${messages} where ${messages.conversationId} = ${conversationId}
    union all
    select 'a', ${conversationActivities.id}, ${conversationActivities.createdAt}, ${conversationActivities.seq}, 0
      from ${conversationActivities} where ${conversationActivities.conversationId} = ${conversationId}`;
  const { rows } = (await tx.execute(sql`
    select kind, id, count(*) over () as total from (${items}) as items
    order by at desc, rank desc, seq desc
    limit ${size} offset ${(page - 1) * size}`)) as unknown as {
    rows: { kind: 'm' | 'a'; id: string; total: string | number }[];
  };
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && page > 1) {
    const { rows: all } = (await tx.execute(sql`select count(*) as n from (${items}) as items`)) as unknown as {
      rows: { n: string | number }[];
    };
    total = Number(all[0]?.n ?? 0);
  }
  const ids = (kind: 'm' | 'a') => rows.filter((row) => row.kind === kind).map((row) => row.id);
  const messageRows = ids('m').length
    ? await tx
        .select()
        .from(messages)
        .where(inArray(messages.id, ids('m')))
    : [];
  const activityRows = ids('a').length
    ? await tx
        .select()
        .from(conversationActivities)
        .where(inArray(conversationActivities.id, ids('a')))
    : [];
  const byId = new Map<string, ThreadItemDto>([
    ...messageRows.map((row) => [row.id, toMessageDto(row)] as const),
    ...activityRows.map((row) => [row.id, toActivityDto(row)] as const),
  ]);
  return {
    items: rows.flatMap((row) => byId.get(row.id) ?? []).reverse(),
    page: { page, size, total, total_pages: Math.ceil(total / size) },
  };
}
