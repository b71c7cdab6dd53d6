import { translate } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import type { ChannelRow } from '../../channels/index.ts';
import {
  type AiHandoffReason,
  assignConversation,
  type ConversationRow,
  sendSystemText,
  switchAi,
} from '../../conversations/index.ts';
import { customers } from '../../customers/index.ts';
import type { CsAgentRow } from '../cs-agents.tables.ts';
import { customerLanguage } from './customer-language.ts';

/**
 * The agent stops answering the conversation and hands it to people: `ai_active` false with the reason on its
 * activity line, the conversation to the agent's handoff team (or every team: their members are told through
 * `conversation.assigned`), and the customer told a person will answer, in the agent's own words or the default
 * in the language they wrote in. Nothing happens when it was handed over already. Returns whether it happened.
 */
export async function handOff(
  ctx: AppContext,
  tx: Tx,
  input: {
    conversation: ConversationRow;
    channelType: ChannelRow['type'];
    agent: Pick<CsAgentRow, 'handoffTeamId' | 'handoffMessage'>;
    reason: AiHandoffReason;
    /** the model's own words (its `handoff_to_human` reason), for the colleagues */
    note?: string;
    /** what the customer wrote last: the default notice's language */
    customerText: string;
  },
): Promise<boolean> {
  const { conversation, channelType, agent } = input;
  const workspaceId = conversation.workspaceId;
  const row = { conversation, channelType };
  const change = { active: false as const, reason: input.reason, ...(input.note ? { note: input.note } : {}) };
  if (!(await switchAi(ctx.events, tx, workspaceId, row, change, null))) return false;
  const team = agent.handoffTeamId;
  await assignConversation(
    ctx.events,
    tx,
    workspaceId,
    conversation.id,
    { assignee_member_id: null, team_id: team, all_teams: !team },
    null,
  );
  const [customer] = await tx
    .select({ name: customers.displayName })
    .from(customers)
    .where(eq(customers.id, conversation.customerId));
  await ctx.events.emit(
    tx,
    'conversation.ai_handed_off',
    {
      conversation_id: conversation.id,
      customer_name: customer?.name ?? '',
      channel_type: channelType,
      team_id: team,
      reason: input.reason,
      note: input.note ?? null,
    },
    workspaceId,
  );
  await sendSystemText(ctx, tx, conversation, channelType, handoffNotice(agent, input.customerText));
  return true;
}

/** What the customer is told: the agent's own words, or the default in the language they wrote in. */
export const handoffNotice = (agent: Pick<CsAgentRow, 'handoffMessage'>, customerText: string) =>
  agent.handoffMessage?.trim() || translate('cs_agent_handoff_notice', customerLanguage(customerText));
