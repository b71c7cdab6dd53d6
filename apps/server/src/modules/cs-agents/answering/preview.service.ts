import type { CsAgentPreview, CsAgentPreviewBody, CsAgentUsage } from '@omnichat/contracts';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { MemberPrincipal } from '../../../platform/auth/guards.ts';
import { findAgent } from '../cs-agents.service.ts';
import { csAgentInstructions, csAgentUsage } from '../cs-agents.tables.ts';
import { handoffNotice } from './handoff.ts';
import { think } from './think.ts';
import { localToday, monthTotals, organizationBudget, recordUsage } from './usage.ts';

/**
 * "Try it": the agent's answer through `think`, as a customer on a bound channel would get it, with what it drew
 * on; nothing is sent to anyone and no conversation changes. The model's tokens count as the agent's usage; the
 * budgets do not stop a preview (an owner checking a change must see an answer).
 */
export function createPreviewService(ctx: AppContext) {
  const { database } = ctx;

  async function preview(member: MemberPrincipal, agentId: string, body: CsAgentPreviewBody): Promise<CsAgentPreview> {
    const { agent, instructions } = await database.withWorkspace(member.workspaceId, async (tx) => ({
      agent: await findAgent(tx, agentId),
      instructions: await tx
        .select()
        .from(csAgentInstructions)
        .where(eq(csAgentInstructions.agentId, agentId))
        .orderBy(asc(csAgentInstructions.position)),
    }));
    const history = (body.history ?? []).map((turn) => ({
      from: turn.from === 'customer' ? ('customer' as const) : ('us' as const),
      text: turn.text,
    }));
    const { outcome, passages, usage } = await think(ctx, {
      workspaceId: member.workspaceId,
      agent,
      instructions,
      history: [...history, { from: 'customer', text: body.message }],
      question: body.message,
      customer: { name: member.user.displayName, fields: {} },
    });
    if (usage)
      await database.withWorkspace(member.workspaceId, (tx) => recordUsage(tx, member.workspaceId, agentId, { usage }));
    const handoff = outcome.kind === 'handoff';
    return {
      reply: handoff ? handoffNotice(agent, body.message) : outcome.text,
      handoff,
      handoff_reason: handoff ? outcome.reason : null,
      handoff_note: (handoff && outcome.note) || null,
      sources: handoff ? [] : outcome.sources,
      passages: passages.map((passage) => ({
        article_id: passage.article_id,
        title: passage.title,
        content: passage.content,
        score: passage.score,
        match: passage.match,
        similarity: passage.similarity ?? null,
        relevant: passage.relevant,
      })),
      instructions: instructions.map(({ id, title, condition }) => ({ id, title, condition })),
      usage: usage ? { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens } : null,
    };
  }

  /** The last `days` days of the organization (in its time zone), oldest first, and this month's totals. */
  async function usage(member: MemberPrincipal, agentId: string, days: number): Promise<CsAgentUsage> {
    const budget = await organizationBudget(ctx);
    return database.withWorkspace(member.workspaceId, async (tx) => {
      const agent = await findAgent(tx, agentId);
      const rows = await tx
        .select({
          day: sql<string>`${csAgentUsage.day}::text`,
          input_tokens: csAgentUsage.inputTokens,
          output_tokens: csAgentUsage.outputTokens,
          answers: csAgentUsage.answers,
          handoffs: csAgentUsage.handoffs,
        })
        .from(csAgentUsage)
        .where(
          and(
            eq(csAgentUsage.agentId, agentId),
            gte(csAgentUsage.day, sql`${localToday(member.workspaceId)} - ${days - 1}::int`),
          ),
        )
        .orderBy(asc(csAgentUsage.day));
      const month = await monthTotals(tx, member.workspaceId, agentId);
      return {
        days: rows,
        month: { ...month, budget: agent.monthlyTokenBudget, organization_budget: budget },
      };
    });
  }

  return { preview, usage };
}
