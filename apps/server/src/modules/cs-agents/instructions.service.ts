import { CS_AGENT_LIMITS, type csInstructionBodySchema, type csInstructionUpdateBodySchema } from '@omnichat/contracts';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { MemberPrincipal } from '../../platform/auth/guards.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { toInstructionDto } from './cs-agent-dto.ts';
import { findAgent } from './cs-agents.service.ts';
import { csAgentInstructions } from './cs-agents.tables.ts';

type CreateInput = z.output<typeof csInstructionBodySchema>;
type UpdateInput = z.output<typeof csInstructionUpdateBodySchema>;

const ordered = (tx: Tx, agentId: string) =>
  tx
    .select()
    .from(csAgentInstructions)
    .where(eq(csAgentInstructions.agentId, agentId))
    .orderBy(asc(csAgentInstructions.position), asc(csAgentInstructions.createdAt));

async function find(tx: Tx, agentId: string, id: string) {
  const [row] = await tx
    .select()
    .from(csAgentInstructions)
    .where(and(eq(csAgentInstructions.id, id), eq(csAgentInstructions.agentId, agentId)));
  if (!row) throw notFound();
  return row;
}

/**
 * An agent's instructions, kept in order by `position`. Every write locks the agent's row, so positions of
 * concurrent additions and reorders do not clash.
 */
export function createInstructionsService(ctx: AppContext) {
  const { database } = ctx;

  async function list(member: MemberPrincipal, agentId: string) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId);
      return (await ordered(tx, agentId)).map(toInstructionDto);
    });
  }

  async function create(member: MemberPrincipal, agentId: string, body: CreateInput) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId, true);
      const [last] = await tx
        .select({ position: max(csAgentInstructions.position), n: count() })
        .from(csAgentInstructions)
        .where(eq(csAgentInstructions.agentId, agentId));
      if ((last?.n ?? 0) >= CS_AGENT_LIMITS.instructionsMax)
        throw new AppError(409, 'cs_instructions_max', { max: CS_AGENT_LIMITS.instructionsMax });
      const [row] = await tx
        .insert(csAgentInstructions)
        .values({
          workspaceId: member.workspaceId,
          agentId,
          position: (last?.position ?? -1) + 1,
          title: body.title,
          condition: body.condition ?? '',
          content: body.content,
        })
        .returning();
      return toInstructionDto(row!);
    });
  }

  async function update(member: MemberPrincipal, agentId: string, id: string, body: UpdateInput) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId, true);
      await find(tx, agentId, id);
      const [row] = await tx
        .update(csAgentInstructions)
        .set({ title: body.title, condition: body.condition, content: body.content, updatedAt: new Date() })
        .where(eq(csAgentInstructions.id, id))
        .returning();
      return toInstructionDto(row!);
    });
  }

  async function remove(member: MemberPrincipal, agentId: string, id: string) {
    await database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId, true);
      await find(tx, agentId, id);
      await tx.delete(csAgentInstructions).where(eq(csAgentInstructions.id, id));
    });
  }

  /** `ids` must be every instruction of the agent, each once: the first gets position 0. */
  async function reorder(member: MemberPrincipal, agentId: string, ids: string[]) {
    return database.withWorkspace(member.workspaceId, async (tx) => {
      await findAgent(tx, agentId, true);
      const current = await ordered(tx, agentId);
      const known = new Set(current.map((row) => row.id));
      if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
        throw new AppError(400, 'cs_instruction_order_invalid', {}, { ids: { key: 'cs_instruction_order_invalid' } });
      for (const [position, id] of ids.entries())
        await tx.update(csAgentInstructions).set({ position }).where(eq(csAgentInstructions.id, id));
      return (await ordered(tx, agentId)).map(toInstructionDto);
    });
  }

  return { list, create, update, remove, reorder };
}
