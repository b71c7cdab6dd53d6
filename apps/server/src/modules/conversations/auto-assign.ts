import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import { teamMembers, teams } from '../../platform/identity/teams.tables.ts';
import { workspaceMembers } from '../../platform/identity/workspaces.tables.ts';
import { type ChannelRow, channels } from '../channels/index.ts';
import { assignmentTurns, type ConversationRow, conversations } from './conversations.tables.ts';
import { assignConversation } from './desk/assignment.ts';

/** What of its channel auto-assignment needs before it looks further: the mode is on the row the caller holds. */
export type AutoAssignChannel = Pick<ChannelRow, 'id' | 'workspaceId' | 'type' | 'autoAssignMode'>;

/** The permission that lets a member answer conversations: who round robin may give one to without a team. */
const ANSWERS = 'conversation_write';

/** Nobody handles it yet: no member, no team, not every team. */
const nobodys = (row: ConversationRow) =>
  row.status === 'open' && !row.assigneeMemberId && !row.teamId && !row.allTeams;

/**
 * The members who may be given a conversation of the channel now, in round robin's order: active, `online`, of the
 * team (else holding `conversation_write` as owner, admin, or member by their own list or a team's), each with
 * their open conversations on the channel; the one given one longest ago (or never) first.
 */
async function eligible(tx: Tx, channelId: string, teamId: string | null) {
  const m = workspaceMembers;
  const mayAnswer = sql`(${m.role} in ('owner', 'admin') or (${m.role} = 'member' and (${ANSWERS} = any(${m.permissions})
    or exists (select 1 from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
      where tm.member_id = ${m.id} and ${ANSWERS} = any(t.permissions)))))`;
  const ofTeam = sql`exists (select 1 from ${teamMembers} tm where tm.member_id = ${m.id} and tm.team_id = ${teamId})`;
  return tx
    .select({
      memberId: m.id,
      open: sql<number>`(select count(*) from ${conversations} c where c.channel_id = ${channelId}
        and c.assignee_member_id = ${m.id} and c.status = 'open')`.mapWith(Number),
      lastTurn: assignmentTurns.lastTurn,
    })
    .from(m)
    .leftJoin(assignmentTurns, and(eq(assignmentTurns.channelId, channelId), eq(assignmentTurns.memberId, m.id)))
    .where(and(eq(m.active, true), eq(m.availability, 'online'), mayAnswer, teamId ? ofTeam : undefined))
    .orderBy(sql`${assignmentTurns.lastTurn} asc nulls first`, m.joinedAt, m.id);
}

/**
 * Round robin (SPEC: auto-assignment): gives the conversations customers just opened on the channel (created, or
 * opened again with nobody handling them) in turn to its eligible members under the cap, in the caller's
 * transaction; those it cannot place stay unassigned. Channels whose mode is `off` cost nothing. The channel's row
 * is locked (`for no key update`: inserts of its conversations go on) while the turns are read and written, so
 * concurrent deliveries and web-chat messages in any process take turns one after the other, and the cap holds.
 * Each assignment goes through `assignConversation` (events, activity) as the system's. Returns the assigned
 * conversations as they now stand, by id.
 */
export async function autoAssign(
  events: EventBus,
  tx: Tx,
  channel: AutoAssignChannel,
  opened: ConversationRow[],
): Promise<Map<string, ConversationRow>> {
  const assigned = new Map<string, ConversationRow>();
  const waiting = opened.filter(nobodys);
  if (channel.autoAssignMode === 'off' || !waiting.length) return assigned;
  const [setting] = await tx
    .select({
      mode: channels.autoAssignMode,
      teamId: channels.autoAssignTeamId,
      maxOpen: channels.autoAssignMaxOpen,
      turn: sql<number>`(select coalesce(max(${assignmentTurns.lastTurn}), 0) from ${assignmentTurns}
        where ${assignmentTurns.channelId} = ${channel.id})`.mapWith(Number),
    })
    .from(channels)
    .where(eq(channels.id, channel.id))
    .for('no key update');
  if (setting?.mode !== 'round_robin') return assigned;
  const queue = await eligible(tx, channel.id, setting.teamId);
  const cap = setting.maxOpen ?? Number.POSITIVE_INFINITY;
  let turn = setting.turn;
  const given: { conversation: ConversationRow; memberId: string }[] = [];
  for (const conversation of waiting) {
    const next = queue.findIndex((member) => member.open < cap);
    if (next < 0) break;
    const [member] = queue.splice(next, 1);
    member!.open += 1;
    member!.lastTurn = ++turn;
    queue.push(member!);
    given.push({ conversation, memberId: member!.memberId });
  }
  if (!given.length) return assigned;
  await tx
    .insert(assignmentTurns)
    .values(
      [...new Map(given.map(({ memberId }) => [memberId, queue.find((m) => m.memberId === memberId)!])).values()].map(
        (member) => ({
          workspaceId: channel.workspaceId,
          channelId: channel.id,
          memberId: member.memberId,
          lastTurn: member.lastTurn!,
        }),
      ),
    )
    .onConflictDoUpdate({
      target: [assignmentTurns.channelId, assignmentTurns.memberId],
      set: { lastTurn: sql`excluded.last_turn` },
    });
  for (const { conversation, memberId } of given) {
    const body = { assignee_member_id: memberId, team_id: setting.teamId, all_teams: false };
    await assignConversation(events, tx, channel.workspaceId, conversation.id, body, null);
    assigned.set(conversation.id, { ...conversation, assigneeMemberId: memberId, teamId: setting.teamId });
  }
  return assigned;
}
