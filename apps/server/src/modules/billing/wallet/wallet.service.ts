import { randomUUID } from 'node:crypto';
import { type Locale, translate, type Wallet, type WalletTransaction } from '@omnichat/contracts';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { toUnixSeconds } from '../../../platform/db/columns.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { totalOf, totalOver } from '../../../platform/db/paging.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  billingAccounts,
  subscriptionPlans,
  type WalletTransactionRow,
  wallets,
  walletTransactions,
} from '../billing.tables.ts';
import { billingEnabled } from '../billing-gate.ts';
import { stripeFailure } from '../stripe-errors.ts';
import { deposit, type MovementResult } from './ledger.ts';

type Page = { page: number; size: number };

export const toTransactionDto = (row: WalletTransactionRow): WalletTransaction => ({
  id: row.id,
  created_at: toUnixSeconds(row.createdAt),
  topic: row.topic,
  description: row.description,
  amount_cents: row.amountCents,
  type: row.type,
  balance_after_cents: row.balanceAfterCents,
});

export async function walletOf(tx: Tx, workspaceId: string): Promise<Wallet> {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.workspaceId, workspaceId));
  const [account] = await tx
    .select({ threshold: billingAccounts.lowBalanceThresholdCents })
    .from(billingAccounts)
    .where(eq(billingAccounts.workspaceId, workspaceId));
  return {
    balance_cents: wallet?.balanceCents ?? 0,
    currency: wallet?.currency ?? 'usd',
    reserved_cents: wallet?.reservedCents ?? 0,
    low_balance_threshold_cents: account?.threshold ?? null,
  };
}

/** The plan's wallet multiplier in thousandths (1000 without a plan). */
async function multiplierMilli(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select({ milli: subscriptionPlans.walletMultiplierMilli })
    .from(billingAccounts)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, billingAccounts.planId))
    .where(eq(billingAccounts.workspaceId, workspaceId));
  return row?.milli ?? 1000;
}

type TopUpIntent = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'amount_received' | 'metadata' | 'customer'>;

/** The organization a succeeded top-up of ours credits, or null for any other PaymentIntent. */
function topUpWorkspace(intent: TopUpIntent): string | null {
  const workspaceId = intent.metadata?.workspace_id;
  if (intent.metadata?.kind !== 'top_up' || !workspaceId || intent.status !== 'succeeded') return null;
  return /^[0-9a-f-]{36}$/i.test(workspaceId) ? workspaceId : null;
}

/**
 * Credits a succeeded top-up PaymentIntent: `amount × the plan's wallet multiplier` (rounded down to a cent, the
 * multiplier as it was when the card was charged), exactly once by the PaymentIntent's id, whether the request, the
 * `payment_intent.succeeded` webhook or both bring it. Answers null for an intent that is no top-up of ours.
 */
export const creditTopUp = (ctx: Pick<AppContext, 'database' | 'events'>, intent: TopUpIntent) => {
  const workspaceId = topUpWorkspace(intent);
  return workspaceId ? ctx.database.withWorkspace(workspaceId, (tx) => creditTopUpIn(ctx, tx, intent)) : null;
};

/** `creditTopUp` inside the organization's open transaction (Stripe's webhook applying its event). */
export async function creditTopUpIn(
  ctx: Pick<AppContext, 'events'>,
  tx: Tx,
  intent: TopUpIntent,
): Promise<MovementResult | null> {
  const workspaceId = topUpWorkspace(intent);
  if (!workspaceId) return null;
  const charged = intent.amount_received || intent.amount;
  const [account] = await tx
    .select({ customer: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.workspaceId, workspaceId));
  const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  // an intent that names another customer than the organization's is not its top-up
  if (!account || (customer && account.customer && customer !== account.customer)) return null;
  const recorded = Number(intent.metadata.wallet_multiplier_milli);
  const milli = Number.isInteger(recorded) && recorded >= 1000 ? recorded : await multiplierMilli(tx, workspaceId);
  return deposit(ctx, tx, {
    workspaceId,
    amountCents: Math.floor((charged * milli) / 1000),
    topic: 'top_up',
    idempotencyKey: `top_up:${intent.id}`,
    reference: intent.id,
    details: { charged_cents: charged, wallet_multiplier_milli: milli },
  });
}

/** The wallet's balance, its transactions and its top-ups; the ledger moves the money (`ledger.ts`). */
export function createWalletService(ctx: AppContext) {
  const { database } = ctx;

  const get = (workspaceId: string) => database.withWorkspace(workspaceId, (tx) => walletOf(tx, workspaceId));

  async function transactions(workspaceId: string, query: Page & { type?: 'deposit' | 'withdrawal' }) {
    const where = query.type ? eq(walletTransactions.type, query.type) : undefined;
    return database.withWorkspace(workspaceId, async (tx) => {
      const rows = await tx
        .select({ row: walletTransactions, total: totalOver() })
        .from(walletTransactions)
        .where(where)
        .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const total = await totalOf(rows, query.page, () => tx.$count(walletTransactions, where));
      const page = { page: query.page, size: query.size, total, total_pages: Math.ceil(total / query.size) };
      return { items: rows.map(({ row }) => toTransactionDto(row)), page };
    });
  }

  /** Every transaction as file rows, newest first, read a page per transaction (keyset on time and id). */
  async function* exportRows(workspaceId: string, locale: Locale): AsyncIterable<string[]> {
    const header = [
      'wallet_export_date',
      'wallet_export_topic',
      'wallet_export_description',
      'wallet_export_type',
      'wallet_export_amount',
      'wallet_export_balance_after',
    ] as const;
    yield header.map((key) => translate(key, locale));
    // the cursor keeps the time as PostgreSQL does (microseconds; a JavaScript Date keeps milliseconds)
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const from = after;
      const rows: (WalletTransactionRow & { at: string })[] = await database.withWorkspace(workspaceId, (tx) =>
        tx
          .select({ ...getTableColumns(walletTransactions), at: sql<string>`${walletTransactions.createdAt}::text` })
          .from(walletTransactions)
          .where(
            from
              ? sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) < (${from.at}::timestamptz, ${from.id}::uuid)`
              : undefined,
          )
          .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
          .limit(1000),
      );
      for (const row of rows)
        yield [
          row.createdAt.toISOString(),
          row.topic,
          row.description ?? '',
          translate(row.type === 'deposit' ? 'wallet_type_deposit' : 'wallet_type_withdrawal', locale),
          String(row.amountCents),
          String(row.balanceAfterCents),
        ];
      if (rows.length < 1000) return;
      after = rows.at(-1)!;
    }
  }

  const setThreshold = (workspaceId: string, cents: number | null) =>
    database.withWorkspace(workspaceId, async (tx) => {
      // a new threshold is a new warning: told once more if the balance is under it at the next withdrawal
      await tx
        .insert(billingAccounts)
        .values({ workspaceId, lowBalanceThresholdCents: cents })
        .onConflictDoUpdate({
          target: billingAccounts.workspaceId,
          set: { lowBalanceThresholdCents: cents, lowBalanceNotifiedAt: null, updatedAt: new Date() },
        });
      return walletOf(tx, workspaceId);
    });

  /**
   * Charges the default card off-session for `amountCents` and credits the wallet once Stripe says it succeeded
   * (here, or later by the webhook when Stripe is still processing it). Needs billing on and a default card.
   */
  async function topUp(workspaceId: string, amountCents: number) {
    if (!(await billingEnabled(ctx))) throw new AppError(409, 'billing_not_enabled');
    const stripe = await ctx.stripe.client();
    if (!stripe) throw new AppError(409, 'billing_not_enabled');
    const facts = await database.withWorkspace(workspaceId, async (tx) => {
      const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId));
      const [wallet] = await tx.select().from(wallets).where(eq(wallets.workspaceId, workspaceId));
      return { account, currency: wallet?.currency ?? 'usd', milli: await multiplierMilli(tx, workspaceId) };
    });
    const { account } = facts;
    if (!account?.stripeCustomerId || !account.defaultPaymentMethodId)
      throw new AppError(400, 'payment_method_required');
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: facts.currency,
          customer: account.stripeCustomerId,
          payment_method: account.defaultPaymentMethodId,
          off_session: true,
          confirm: true,
          description: 'Wallet top-up',
          metadata: { workspace_id: workspaceId, kind: 'top_up', wallet_multiplier_milli: String(facts.milli) },
        },
        { idempotencyKey: `top_up:${workspaceId}:${randomUUID()}` },
      );
    } catch (error) {
      throw stripeFailure(error);
    }
    if (intent.status === 'succeeded') await creditTopUp(ctx, intent);
    return get(workspaceId);
  }

  return { get, transactions, exportRows, setThreshold, topUp };
}
