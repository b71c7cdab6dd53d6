import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { LlmUsage } from '../../../integrations/openai/llm-client.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { csAgentUsage } from '../cs-agents.tables.ts';

/** the organization's today, in its time zone: a usage day and a budget month are the organization's */
export const localToday = (workspaceId: string) =>
  sql`(select (now() at time zone ${workspaces.timeZone})::date from ${workspaces} where ${workspaces.id} = ${workspaceId})`;

/** Adds to the agent's counts of the day: the model's tokens, and an answer sent or a handoff. */
export async function recordUsage(
  tx: Tx,
  workspaceId: string,
  agentId: string,
  add: { usage?: LlmUsage; answers?: number; handoffs?: number },
) {
  const values = {
    inputTokens: add.usage?.inputTokens ?? 0,
    outputTokens: add.usage?.outputTokens ?? 0,
    answers: add.answers ?? 0,
    handoffs: add.handoffs ?? 0,
  };
  if (!values.inputTokens && !values.outputTokens && !values.answers && !values.handoffs) return;
  await tx
    .insert(csAgentUsage)
    .values({ workspaceId, agentId, day: localToday(workspaceId), ...values })
    .onConflictDoUpdate({
      target: [csAgentUsage.agentId, csAgentUsage.day],
      set: {
        inputTokens: sql`${csAgentUsage.inputTokens} + ${values.inputTokens}`,
        outputTokens: sql`${csAgentUsage.outputTokens} + ${values.outputTokens}`,
        answers: sql`${csAgentUsage.answers} + ${values.answers}`,
        handoffs: sql`${csAgentUsage.handoffs} + ${values.handoffs}`,
      },
    });
}

const monthStart = (workspaceId: string) => sql`date_trunc('month', ${localToday(workspaceId)})::date`;

/** This calendar month's counts: the agent's, and the tokens in and out of all the organization's agents. */
export async function monthTotals(tx: Tx, workspaceId: string, agentId: string) {
  const ofAgent = (column: SQL) => sql`coalesce(sum(${column}) filter (where ${csAgentUsage.agentId} = ${agentId}), 0)`;
  const [row] = await tx
    .select({
      input_tokens: ofAgent(sql`${csAgentUsage.inputTokens}`).mapWith(Number),
      output_tokens: ofAgent(sql`${csAgentUsage.outputTokens}`).mapWith(Number),
      answers: ofAgent(sql`${csAgentUsage.answers}`).mapWith(Number),
      handoffs: ofAgent(sql`${csAgentUsage.handoffs}`).mapWith(Number),
      organization_tokens: sql`coalesce(sum(${csAgentUsage.inputTokens} + ${csAgentUsage.outputTokens}), 0)`.mapWith(
        Number,
      ),
    })
    .from(csAgentUsage)
    .where(and(eq(csAgentUsage.workspaceId, workspaceId), gte(csAgentUsage.day, monthStart(workspaceId))));
  return row ?? { input_tokens: 0, output_tokens: 0, answers: 0, handoffs: 0, organization_tokens: 0 };
}

/** The organization's monthly budget for all its agents (the system setting; unset: none). */
export async function organizationBudget(ctx: AppContext): Promise<number | null> {
  const { 'cs_agent.monthly_token_budget_default': value } = await ctx.settings.values([
    'cs_agent.monthly_token_budget_default',
  ]);
  const budget = Number(value);
  return value && Number.isInteger(budget) && budget > 0 ? budget : null;
}

/**
 * Whether the agent may not call the model any more this month: its own budget, or its organization's, used up.
 * No budget set (the default for both) never stops it.
 */
export async function budgetUsedUp(
  ctx: AppContext,
  tx: Tx,
  agent: { id: string; workspaceId: string; monthlyTokenBudget: number | null },
): Promise<boolean> {
  const organization = await organizationBudget(ctx);
  if (!agent.monthlyTokenBudget && !organization) return false;
  const used = await monthTotals(tx, agent.workspaceId, agent.id);
  return (
    (!!agent.monthlyTokenBudget && used.input_tokens + used.output_tokens >= agent.monthlyTokenBudget) ||
    (!!organization && used.organization_tokens >= organization)
  );
}
