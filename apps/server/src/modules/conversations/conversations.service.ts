import {
  type assignConversationBodySchema,
  type Conversation,
  type ConversationDetail,
  type ConversationLabel,
  type conversationListQuerySchema,
  isInlineMediaType,
  type PageInfo,
} from '@omnichat/contracts';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { notFound } from '../../platform/errors.ts';
import { teamMembers } from '../../platform/identity/teams.tables.ts';
import { channels } from '../channels/index.ts';
import { csAgentChannels, csAgents } from '../cs-agents/index.ts';
import { customers } from '../customers/index.ts';
import { type ConversationRow, conversationReads, conversations, messages } from './conversations.tables.ts';
import { actorOf, threadPage } from './desk/activities.ts';
import { switchAi } from './desk/ai-control.ts';
import { assignConversation } from './desk/assignment.ts';
import { carriesLabel, labelsColumn } from './desk/labels.service.ts';
import { changeStatus } from './desk/status.ts';
import { toMessageDto } from './message-dto.ts';

type ListQuery = z.output<typeof conversationListQuerySchema>;
type AssignInput = z.output<typeof assignConversationBodySchema>;

/** The free-reply window after the customer's last message (WhatsApp, Messenger and Instagram alike). */
export const SESSION_MS = 24 * 3600 * 1000;

const isAdmin = (member: MemberPrincipal) => member.member.role === 'owner' || member.member.role === 'admin';

/** The member's teams, as a subquery. */
const myTeams = (member: MemberPrincipal) =>
  sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.memberId} = ${member.member.id})`;

/**
 * Which conversations a member sees (SPEC 6): owners and admins every one; others those assigned to them, to a
 * team of theirs, to all teams, or to nobody yet (so a new customer's message reaches someone).
 */
export function visibleTo(member: MemberPrincipal): SQL | undefined {
  if (isAdmin(member)) return undefined;
  return or(
    eq(conversations.assigneeMemberId, member.member.id),
    sql`${conversations.teamId} in ${myTeams(member)}`,
    eq(conversations.allTeams, true),
    and(isNull(conversations.assigneeMemberId), isNull(conversations.teamId)),
  );
}

/** Inbound messages after what the member last read. */
const unreadCount = (member: MemberPrincipal) =>
  sql<number>`(
  select count(*) from ${messages}
  where ${messages.conversationId} = ${conversations.id} and ${messages.direction} = 'inbound'
    and ${messages.seq} > coalesce((
      select ${conversationReads.lastReadSeq} from ${conversationReads}
      where ${conversationReads.conversationId} = ${conversations.id} and ${conversationReads.memberId} = ${member.member.id}
    ), 0)
)`.mapWith(Number);

export type ConversationsService = ReturnType<typeof createConversationsService>;

export function createConversationsService(ctx: AppContext) {
  const { database } = ctx;

  const columns = (member: MemberPrincipal) => ({
    conversation: conversations,
    channelType: channels.type,
    customer: { id: customers.id, displayName: customers.displayName, phone: customers.phone },
    unread: unreadCount(member),
    labels: labelsColumn,
  });
  type Listed = {
    conversation: ConversationRow;
    channelType: Conversation['channel_type'];
    customer: { id: string; displayName: string; phone: string | null };
    unread: number;
    labels: ConversationLabel[];
  };
  const toDto = ({ conversation, channelType, customer, unread, labels }: Listed): Conversation => ({
    id: conversation.id,
    channel_id: conversation.channelId,
    channel_type: channelType,
    status: conversation.status,
    unread_count: unread,
    last_message_at: conversation.lastMessageAt ? toUnixSeconds(conversation.lastMessageAt) : null,
    last_message_preview: conversation.lastMessagePreview,
    assignee_member_id: conversation.assigneeMemberId,
    team_id: conversation.teamId,
    all_teams: conversation.allTeams,
    customer: { id: customer.id, display_name: customer.displayName, phone: customer.phone },
    created_at: toUnixSeconds(conversation.createdAt),
    labels,
    snoozed: !!conversation.snoozedAt,
    snoozed_until: conversation.snoozedUntil ? toUnixSeconds(conversation.snoozedUntil) : null,
    ai_active: conversation.aiActive,
  });
  const joined = (tx: Tx, member: MemberPrincipal, where: SQL | undefined) =>
    tx
      .select({ ...columns(member), total: totalOver() })
      .from(conversations)
      .innerJoin(channels, eq(channels.id, conversations.channelId))
      .innerJoin(customers, eq(customers.id, conversations.customerId))
      .where(where);

  async function list(member: MemberPrincipal, query: ListQuery): Promise<{ items: Conversation[]; page: PageInfo }> {
    // a customer's page lists all their conversations, open and closed
    const everyStatus = query.customer_id && query.filter === 'all';
    const filters: (SQL | undefined)[] = [
      visibleTo(member),
      everyStatus ? undefined : eq(conversations.status, query.filter === 'closed' ? 'closed' : 'open'),
      query.customer_id ? eq(conversations.customerId, query.customer_id) : undefined,
      query.label_id ? carriesLabel(query.label_id) : undefined,
    ];
    // snoozed ones leave the open lists until they come back; the snoozed filter shows them
    if (query.filter === 'snoozed') filters.push(isNotNull(conversations.snoozedAt));
    else if (query.filter !== 'closed' && !everyStatus) filters.push(isNull(conversations.snoozedAt));
    if (query.filter === 'me') filters.push(eq(conversations.assigneeMemberId, member.member.id));
    if (query.filter === 'supervised') filters.push(sql`${conversations.teamId} in ${myTeams(member)}`);
    if (query.filter === 'unread') filters.push(sql`${unreadCount(member)} > 0`);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[\\%_]/g, '\\$&')}%`;
      filters.push(
        or(
          ilike(customers.displayName, like),
          ilike(customers.phone, like),
          sql`exists (select 1 from ${messages}
            where ${messages.conversationId} = ${conversations.id} and ${messages.text} ilike ${like})`,
        ),
      );
    }
    const where = and(...filters);
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const rows = await joined(tx, member, where)
        .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, async () => {
        const [all] = await tx
          .select({ n: count() })
          .from(conversations)
          .innerJoin(customers, eq(customers.id, conversations.customerId))
          .where(where);
        return all?.n ?? 0;
      });
      return {
        items: rows.map(toDto),
        page: { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) },
      };
    });
  }

  /** A conversation the member may see, or 404 (another organization's, or one kept from them). */
  async function visible(tx: Tx, member: MemberPrincipal, id: string) {
    const [row] = await joined(tx, member, and(eq(conversations.id, id), visibleTo(member)));
    if (!row) throw notFound();
    return row;
  }

  async function get(member: MemberPrincipal, id: string): Promise<ConversationDetail> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await visible(tx, member, id);
      const lastInbound = row.conversation.lastInboundAt;
      const [aiAgent] = await tx
        .select({ id: csAgents.id, name: csAgents.name })
        .from(csAgentChannels)
        .innerJoin(csAgents, eq(csAgents.id, csAgentChannels.agentId))
        .where(eq(csAgentChannels.channelId, row.conversation.channelId));
      return {
        ...toDto(row),
        session_expires_at: lastInbound ? toUnixSeconds(new Date(lastInbound.getTime() + SESSION_MS)) : null,
        csat_score: row.conversation.csatScore,
        csat_comment: row.conversation.csatComment,
        csat_rated_at: row.conversation.csatRatedAt ? toUnixSeconds(row.conversation.csatRatedAt) : null,
        ai_agent: aiAgent ?? null,
      };
    });
  }

  /** A page of the thread: its messages and activity lines by time. */
  async function messagesOf(member: MemberPrincipal, id: string, page: number, size: number) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await visible(tx, member, id);
      return threadPage(tx, id, page, size);
    });
  }

  /** A received file of a message in a conversation the member may see. */
  async function media(member: MemberPrincipal, id: string, messageId: string) {
    const row = await database.withWorkspace(member.workspaceId, async (tx) => {
      await visible(tx, member, id);
      const [found] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, id)));
      return found;
    });
    const file = row?.mediaKey ? await ctx.storage.open(row.mediaKey) : null;
    if (!file) throw notFound();
    // the type Meta named when a browser may show it in place; anything else is only ever downloaded as bytes
    const type = isInlineMediaType(row!.mediaType) ? row!.mediaType! : 'application/octet-stream';
    const named = row!.content.filename;
    return { ...file, type, filename: typeof named === 'string' && named ? named.slice(0, 200) : 'file' };
  }

  /** The changed conversation as the list shows it to the member. */
  const reread = async (tx: Tx, member: MemberPrincipal, id: string) => toDto(await visible(tx, member, id));

  /** Assigns a conversation the member may see (`desk/assignment.ts`: its events and activity line). */
  async function assign(member: MemberPrincipal, id: string, body: AssignInput): Promise<Conversation> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await visible(tx, member, id);
      await assignConversation(ctx.events, tx, member.workspaceId, id, body, actorOf(member));
      // owners and admins see every conversation; a member who hands one on may no longer see it
      return (await joined(tx, member, eq(conversations.id, id)).then((rows) => rows.map(toDto)))[0]!;
    });
  }

  /** Closes or reopens (a snoozed one too) a conversation the member may see, with its activity line. */
  async function setStatus(member: MemberPrincipal, id: string, status: 'open' | 'closed'): Promise<Conversation> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await changeStatus(ctx.events, tx, member.workspaceId, await visible(tx, member, id), status, actorOf(member));
      return reread(tx, member, id);
    });
  }

  /** Hands the conversation back to its channel's AI agent, or takes it over from it (a member's handoff). */
  async function setAi(member: MemberPrincipal, id: string, active: boolean): Promise<Conversation> {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const row = await visible(tx, member, id);
      await switchAi(
        ctx.events,
        tx,
        member.workspaceId,
        row,
        active ? { active } : { active, reason: 'member' },
        actorOf(member),
      );
      return reread(tx, member, id);
    });
  }

  /**
   * What a socket missed while it was away: messages after the last `seq` it saw (and, with `since`, those whose
   * state changed after that time), in conversations the member may see, oldest first.
   */
  async function catchUp(member: MemberPrincipal, afterSeq: number, since: number | undefined, limit: number) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const missed = since
        ? or(sql`${messages.seq} > ${afterSeq}`, sql`${messages.updatedAt} > to_timestamp(${since})`)
        : sql`${messages.seq} > ${afterSeq}`;
      const rows = await tx
        .select({ message: messages })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(missed, visibleTo(member)))
        .orderBy(messages.seq)
        .limit(limit + 1);
      const page = rows.slice(0, limit).map((row) => toMessageDto(row.message));
      return { messages: page, more: rows.length > limit };
    });
  }

  return { list, get, messages: messagesOf, visible, reread, joined, toDto, media, assign, setStatus, setAi, catchUp };
}
