import type { assignConversationBodySchema } from '@omnichat/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/database.ts';
import { fieldError, notFound } from '../../../platform/errors.ts';
import type { EventBus } from '../../../platform/events/event-bus.ts';
import { teams } from '../../../platform/identity/teams.tables.ts';
import { users } from '../../../platform/identity/users.tables.ts';
import { workspaceMembers } from '../../../platform/identity/workspaces.tables.ts';
import { channels } from '../../channels/index.ts';
import { customers } from '../../customers/index.ts';
import { conversationChanged, factsOf } from '../announce.ts';
import { conversations } from '../conversations.tables.ts';
import { type Actor, recordActivities } from './activities.ts';

export type AssignInput = z.output<typeof assignConversationBodySchema>;

/** An active member's id and name (display name, else username), or null. */
export async function activeMemberName(tx: Tx, memberId: string) {
  const [found] = await tx
    .select({ id: workspaceMembers.id, displayName: users.displayName, username: users.username })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.id, memberId), eq(workspaceMembers.active, true)));
  return found ? { id: found.id, name: found.displayName || found.username } : null;
}

/**
 * Hands a conversation to a member, a team, every team or nobody, in the caller's organization transaction, with
 * what follows: `conversation.assigned` when it went to someone new, `conversation.changed`, and an activity line
 * (`assigned` or `unassigned`, `actor` null for the system, e.g. an auto-assignment) when anything changed. The
 * caller decides whether `actor` may do it (the route: the conversation is visible to them). Returns whether
 * anything changed; an inactive or unknown member or team is a 400 on its field.
 */
export async function assignConversation(
  events: EventBus,
  tx: Tx,
  workspaceId: string,
  conversationId: string,
  body: AssignInput,
  actor: Actor,
): Promise<boolean> {
  const [before] = await tx
    .select({ conversation: conversations, channelType: channels.type, customerName: customers.displayName })
    .from(conversations)
    .innerJoin(channels, eq(channels.id, conversations.channelId))
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .where(eq(conversations.id, conversationId));
  if (!before) throw notFound();
  const assignee = body.assignee_member_id ? await activeMemberName(tx, body.assignee_member_id) : null;
  if (body.assignee_member_id && !assignee) throw fieldError('assignee_member_id', 'assignee_invalid');
  const [team] = body.team_id
    ? await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, body.team_id))
    : [];
  if (body.team_id && !team) throw fieldError('team_id', 'team_invalid');
  const [after] = await tx
    .update(conversations)
    .set({
      assigneeMemberId: body.assignee_member_id,
      teamId: body.team_id,
      allTeams: body.all_teams,
      updatedAt: new Date(),
    })
    .where(eq(conversations.id, conversationId))
    .returning();
  const was = before.conversation;
  const moved = body.assignee_member_id !== was.assigneeMemberId || body.team_id !== was.teamId;
  if (moved && (body.assignee_member_id || body.team_id))
    await events.emit(
      tx,
      'conversation.assigned',
      {
        conversation_id: conversationId,
        customer_name: before.customerName,
        channel_type: before.channelType,
        assignee_member_id: body.assignee_member_id,
        team_id: body.team_id,
        by_member_id: actor?.memberId ?? null,
      },
      workspaceId,
    );
  const facts = factsOf(after!, before.channelType);
  await conversationChanged(events, tx, workspaceId, 'assigned', facts, actor?.memberId ?? null);
  const changed = moved || body.all_teams !== was.allTeams;
  if (changed) {
    const someone = body.assignee_member_id || body.team_id || body.all_teams;
    await recordActivities(events, tx, workspaceId, [
      {
        conversation: facts,
        kind: someone ? 'assigned' : 'unassigned',
        actor,
        details: someone ? { assignee, team: team ?? null, all_teams: body.all_teams } : {},
      },
    ]);
  }
  return changed;
}
