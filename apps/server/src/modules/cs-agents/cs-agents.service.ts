import type { csAgentBodySchema, csAgentUpdateBodySchema } from '@omnichat/contracts';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { totalOf, totalOver } from '../../platform/db/paging.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { teams } from '../../platform/identity/teams.tables.ts';
import { limitsOf } from '../billing/index.ts';
import { channels } from '../channels/index.ts';
import { lockWorkspace } from '../workspaces/index.ts';
import { toAgentDto } from './cs-agent-dto.ts';
import { type CsAgentRow, csAgentChannels, csAgents } from './cs-agents.tables.ts';

type CreateInput = z.output<typeof csAgentBodySchema>;
type UpdateInput = z.output<typeof csAgentUpdateBodySchema>;

/** The organization's agent, read in its tenancy: another organization's is not found. */
export async function findAgent(tx: Tx, id: string, lock = false): Promise<CsAgentRow> {
  const query = tx.select().from(csAgents).where(eq(csAgents.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function channelIdsOf(tx: Tx, agentIds: string[]): Promise<Map<string, string[]>> {
  const byAgent = new Map<string, string[]>(agentIds.map((agentId) => [agentId, []]));
  if (!agentIds.length) return byAgent;
  const rows = await tx
    .select({ agentId: csAgentChannels.agentId, channelId: csAgentChannels.channelId })
    .from(csAgentChannels)
    .where(inArray(csAgentChannels.agentId, agentIds))
    .orderBy(asc(csAgentChannels.channelId));
  for (const row of rows) byAgent.get(row.agentId)?.push(row.channelId);
  return byAgent;
}

/** The handover team must be one of the organization's (RLS hides the others'). */
async function assertTeam(tx: Tx, teamId: string | null | undefined) {
  if (!teamId) return;
  const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team)
    throw new AppError(400, 'cs_agent_team_not_found', {}, { handoff_team_id: { key: 'cs_agent_team_not_found' } });
}

/**
 * Replaces the agent's channels. Callers hold the organization's row lock, so two agents cannot take one channel
 * at once; the unique index on the channel stands behind it.
 */
async function bindChannels(tx: Tx, workspaceId: string, agentId: string, channelIds: string[]) {
  if (channelIds.length) {
    const found = await tx
      .select({ id: channels.id, name: channels.name })
      .from(channels)
      .where(inArray(channels.id, channelIds));
    if (found.length !== channelIds.length)
      throw new AppError(400, 'cs_agent_channel_not_found', {}, { channel_ids: { key: 'cs_agent_channel_not_found' } });
    const [taken] = await tx
      .select({ channelId: csAgentChannels.channelId, agent: csAgents.name })
      .from(csAgentChannels)
      .innerJoin(csAgents, eq(csAgents.id, csAgentChannels.agentId))
      .where(and(inArray(csAgentChannels.channelId, channelIds), ne(csAgentChannels.agentId, agentId)))
      .limit(1);
    if (taken) {
      const params = { channel: found.find((c) => c.id === taken.channelId)?.name ?? '', agent: taken.agent };
      throw new AppError(
        409,
        'cs_agent_channel_taken',
        params,
        { channel_ids: { key: 'cs_agent_channel_taken', params } },
        { channel_id: taken.channelId },
      );
    }
  }
  await tx.delete(csAgentChannels).where(eq(csAgentChannels.agentId, agentId));
  if (channelIds.length)
    await tx.insert(csAgentChannels).values(channelIds.map((channelId) => ({ workspaceId, agentId, channelId })));
}

const fieldsOf = (body: UpdateInput) => ({
  name: body.name,
  showNameToCustomer: body.show_name_to_customer,
  responseTone: body.response_tone,
  responseFeatures: body.response_features,
  handoffTeamId: body.handoff_team_id,
  handoffMessage: body.handoff_message,
  monthlyTokenBudget: body.monthly_token_budget,
});

/** AI customer-service agents: their settings and bound channels, within the organization's AI-agent limit. */
export function createCsAgentsService(ctx: AppContext) {
  const { database } = ctx;

  /** Counted under the organization's row lock, so two agents created at once cannot pass the limit. */
  async function assertBelowLimit(tx: Tx, workspaceId: string) {
    const limit = (await limitsOf(ctx, tx, await lockWorkspace(tx, workspaceId))).aiAgentLimit;
    if (limit === null) return;
    const [existing] = await tx.select({ n: count() }).from(csAgents);
    if ((existing?.n ?? 0) >= limit) throw new AppError(409, 'cs_agent_limit_reached', { limit });
  }

  async function withChannels(tx: Tx, row: CsAgentRow) {
    return toAgentDto(row, (await channelIdsOf(tx, [row.id])).get(row.id) ?? []);
  }

  async function list(member: MemberPrincipal, query: { page: number; size: number }) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const rows = await tx
        .select({ row: csAgents, total: totalOver() })
        .from(csAgents)
        .orderBy(asc(csAgents.name), asc(csAgents.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(csAgents));
      const bound = await channelIdsOf(
        tx,
        rows.map(({ row }) => row.id),
      );
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(({ row }) => toAgentDto(row, bound.get(row.id) ?? [])), page };
    });
  }

  async function get(member: MemberPrincipal, id: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => withChannels(tx, await findAgent(tx, id)));
  }

  async function create(member: MemberPrincipal, body: CreateInput) {
    const { workspaceId } = member;
    return database.withWorkspace(workspaceId, async (tx) => {
      await assertBelowLimit(tx, workspaceId);
      await assertTeam(tx, body.handoff_team_id);
      const [row] = await tx
        .insert(csAgents)
        .values({ ...fieldsOf(body), name: body.name, responseTone: body.response_tone, workspaceId })
        .returning();
      await bindChannels(tx, workspaceId, row!.id, body.channel_ids ?? []);
      return withChannels(tx, row!);
    });
  }

  async function update(member: MemberPrincipal, id: string, body: UpdateInput) {
    const { workspaceId } = member;
    return database.withWorkspace(workspaceId, async (tx) => {
      if (body.channel_ids) await lockWorkspace(tx, workspaceId);
      await findAgent(tx, id, true);
      await assertTeam(tx, body.handoff_team_id);
      const [row] = await tx
        .update(csAgents)
        .set({ ...fieldsOf(body), updatedAt: new Date() })
        .where(eq(csAgents.id, id))
        .returning();
      if (body.channel_ids) await bindChannels(tx, workspaceId, id, body.channel_ids);
      return withChannels(tx, row!);
    });
  }

  /** Its channels, instructions and knowledge articles go with it (cascades). */
  async function remove(member: MemberPrincipal, id: string) {
    await database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, id, true);
      await tx.delete(csAgents).where(eq(csAgents.id, id));
    });
  }

  return { list, get, create, update, remove };
}
export type CsAgentsService = ReturnType<typeof createCsAgentsService>;
