import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { billingEnabled, InsufficientFundsError, wallets, withdraw } from '../../billing/index.ts';

/** What an AI answer costs the organization, in cents: the system admins' price with billing on, else nothing. */
export async function answerPriceCents(ctx: AppContext): Promise<number> {
  if (!(await billingEnabled(ctx))) return 0;
  const { 'cs_agent.answer_price_cents': price } = await ctx.settings.values(['cs_agent.answer_price_cents']);
  return Number(price) || 0;
}

/** Whether the wallet's spendable part (balance less what broadcasts hold) pays for `cents` now. */
export async function walletCovers(tx: Tx, workspaceId: string, cents: number): Promise<boolean> {
  if (cents <= 0) return true;
  const [wallet] = await tx
    .select({ spendable: sql<number>`${wallets.balanceCents} - ${wallets.reservedCents}`.mapWith(Number) })
    .from(wallets)
    .where(eq(wallets.workspaceId, workspaceId));
  return (wallet?.spendable ?? 0) >= cents;
}

/**
 * Takes an answer's price from the wallet, once per answered customer message (`key`); false when the wallet
 * cannot pay it (nothing moved: the caller hands over instead of answering).
 */
export async function chargeAnswer(
  ctx: AppContext,
  tx: Tx,
  charge: {
    workspaceId: string;
    cents: number;
    key: string;
    agent: { id: string; name: string };
    conversationId: string;
  },
): Promise<boolean> {
  if (charge.cents <= 0) return true;
  try {
    await withdraw(ctx, tx, {
      workspaceId: charge.workspaceId,
      amountCents: charge.cents,
      topic: 'ai_answer',
      description: charge.agent.name,
      idempotencyKey: `ai_answer:${charge.key}`,
      details: { agent_id: charge.agent.id, conversation_id: charge.conversationId },
    });
    return true;
  } catch (error) {
    if (error instanceof InsufficientFundsError) return false;
    throw error;
  }
}
