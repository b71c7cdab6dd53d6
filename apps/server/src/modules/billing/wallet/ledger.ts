import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  billingAccounts,
  type WalletRow,
  type WalletTransactionRow,
  walletReservations,
  wallets,
  walletTransactions,
} from '../billing.tables.ts';

/** What the ledger needs of the app: its events (`wallet.changed`, the low-balance warning). */
export type LedgerContext = Pick<AppContext, 'events'>;

export interface Movement {
  workspaceId: string;
  amountCents: number;
  /** what it was for: top_up, broadcast, adjustment */
  topic: string;
  description?: string | null;
  /** the same key again moves nothing and answers the first movement */
  idempotencyKey: string;
  reference?: string | null;
  details?: Record<string, unknown>;
}

export interface MovementResult {
  transaction: WalletTransactionRow;
  /** false when the key had already moved the money (nothing happened now) */
  moved: boolean;
}

/** $D.CC, as the SPEC shows money */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The wallet cannot cover an amount: says how much is missing. */
export class InsufficientFundsError extends AppError {
  readonly missingCents: number;
  constructor(missingCents: number) {
    super(402, 'wallet_insufficient_funds', { missing: dollars(missingCents) }, undefined, {
      missing_cents: missingCents,
    });
    this.missingCents = missingCents;
  }
}

function positive(cents: number) {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`a wallet movement needs whole cents > 0: ${cents}`);
}

/**
 * The organization's wallet row, created on first use and locked FOR UPDATE until the transaction ends: every
 * movement of one wallet waits for the one before, so a balance is never read stale.
 */
export async function lockWallet(tx: Tx, workspaceId: string): Promise<WalletRow> {
  await tx.insert(wallets).values({ workspaceId }).onConflictDoNothing();
  const [row] = await tx.select().from(wallets).where(eq(wallets.workspaceId, workspaceId)).for('update');
  return row!;
}

/**
 * Tells of the wallet as a movement left it (`wallet.changed`, in the movement's transaction): its listener pushes it
 * to owners and admins after commit, the movements of one transaction as one push.
 */
const changed = (ctx: LedgerContext, tx: Tx, wallet: WalletRow) =>
  ctx.events.emit(
    tx,
    'wallet.changed',
    { balance_cents: wallet.balanceCents, reserved_cents: wallet.reservedCents },
    wallet.workspaceId,
  );

async function existing(tx: Tx, workspaceId: string, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.workspaceId, workspaceId), eq(walletTransactions.idempotencyKey, idempotencyKey)));
  return row;
}

async function append(tx: Tx, type: 'deposit' | 'withdrawal', movement: Movement, balanceAfter: number) {
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      workspaceId: movement.workspaceId,
      type,
      topic: movement.topic,
      description: movement.description ?? null,
      amountCents: movement.amountCents,
      balanceAfterCents: balanceAfter,
      idempotencyKey: movement.idempotencyKey,
      reference: movement.reference ?? null,
      details: movement.details ?? null,
    })
    .returning();
  return row!;
}

/** Credits the wallet (once per idempotency key); a deposit that lifts it over the threshold re-arms the warning. */
export async function deposit(ctx: LedgerContext, tx: Tx, movement: Movement): Promise<MovementResult> {
  positive(movement.amountCents);
  await lockWallet(tx, movement.workspaceId);
  const before = await existing(tx, movement.workspaceId, movement.idempotencyKey);
  if (before) return { transaction: before, moved: false };
  const [moved] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${movement.amountCents}`, updatedAt: new Date() })
    .where(eq(wallets.workspaceId, movement.workspaceId))
    .returning();
  const transaction = await append(tx, 'deposit', movement, moved!.balanceCents);
  await changed(ctx, tx, moved!);
  await watchBalance(ctx, tx, movement.workspaceId, moved!.balanceCents);
  return { transaction, moved: true };
}

/**
 * Debits the spendable part of the wallet (balance − reserved), once per idempotency key; not enough → an
 * `InsufficientFundsError` naming what is missing, and nothing moves.
 */
export async function withdraw(ctx: LedgerContext, tx: Tx, movement: Movement): Promise<MovementResult> {
  positive(movement.amountCents);
  const wallet = await lockWallet(tx, movement.workspaceId);
  const before = await existing(tx, movement.workspaceId, movement.idempotencyKey);
  if (before) return { transaction: before, moved: false };
  const [moved] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} - ${movement.amountCents}`, updatedAt: new Date() })
    .where(
      and(
        eq(wallets.workspaceId, movement.workspaceId),
        sql`${wallets.balanceCents} - ${wallets.reservedCents} >= ${movement.amountCents}`,
      ),
    )
    .returning();
  if (!moved) throw new InsufficientFundsError(movement.amountCents - (wallet.balanceCents - wallet.reservedCents));
  const transaction = await append(tx, 'withdrawal', movement, moved.balanceCents);
  await changed(ctx, tx, moved);
  await watchBalance(ctx, tx, movement.workspaceId, moved.balanceCents);
  return { transaction, moved: true };
}

const reservationKey = (broadcastId: string) => `broadcast:${broadcastId}`;

/** What is still held for a broadcast (0 when nothing was ever reserved for it). */
export async function reservedFor(tx: Tx, workspaceId: string, broadcastId: string) {
  const [row] = await tx
    .select({ cents: walletReservations.cents })
    .from(walletReservations)
    .where(
      and(
        eq(walletReservations.workspaceId, workspaceId),
        eq(walletReservations.reference, reservationKey(broadcastId)),
      ),
    );
  return row ? { cents: row.cents } : null;
}

/**
 * Holds `cents` of the spendable balance for a broadcast (added to what it holds already); not enough → an
 * `InsufficientFundsError` naming what is missing, and nothing is held.
 */
export async function reserve(ctx: LedgerContext, tx: Tx, workspaceId: string, broadcastId: string, cents: number) {
  const wallet = await lockWallet(tx, workspaceId);
  if (cents > 0) {
    const [held] = await tx
      .update(wallets)
      .set({ reservedCents: sql`${wallets.reservedCents} + ${cents}`, updatedAt: new Date() })
      .where(
        and(eq(wallets.workspaceId, workspaceId), sql`${wallets.balanceCents} - ${wallets.reservedCents} >= ${cents}`),
      )
      .returning();
    if (!held) throw new InsufficientFundsError(cents - (wallet.balanceCents - wallet.reservedCents));
    await changed(ctx, tx, held);
  }
  await tx
    .insert(walletReservations)
    .values({ workspaceId, reference: reservationKey(broadcastId), cents: Math.max(0, cents) })
    .onConflictDoUpdate({
      target: [walletReservations.workspaceId, walletReservations.reference],
      set: { cents: sql`${walletReservations.cents} + ${Math.max(0, cents)}`, updatedAt: new Date() },
    });
}

/**
 * Charges what a broadcast's sent recipients cost, out of its reservation: one ledger row per settlement
 * (`idempotencyKey` names the recipients, so settling them again moves nothing). Answers null when nothing was
 * reserved for the broadcast (billing was off when it started: it is not charged).
 */
export async function settle(
  ctx: LedgerContext,
  tx: Tx,
  input: {
    workspaceId: string;
    broadcastId: string;
    cents: number;
    idempotencyKey: string;
    description?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<MovementResult | null> {
  const { workspaceId, broadcastId, cents } = input;
  // a broadcast that holds nothing (billing was off) neither creates nor locks the wallet: its senders never wait
  if (cents <= 0 || !(await reservedFor(tx, workspaceId, broadcastId))) return null;
  const wallet = await lockWallet(tx, workspaceId);
  const reservation = (await reservedFor(tx, workspaceId, broadcastId))!;
  const before = await existing(tx, workspaceId, input.idempotencyKey);
  if (before) return { transaction: before, moved: false };
  const fromReservation = Math.min(cents, reservation.cents, wallet.reservedCents);
  // a sent message is owed whatever happened: what the reservation lacks comes from the spendable balance, as far
  // as it goes (never from what other broadcasts hold, never below zero)
  const charged = Math.min(cents, wallet.balanceCents - wallet.reservedCents + fromReservation);
  if (charged <= 0) return null;
  const [moved] = await tx
    .update(wallets)
    .set({
      balanceCents: sql`${wallets.balanceCents} - ${charged}`,
      reservedCents: sql`${wallets.reservedCents} - ${fromReservation}`,
      updatedAt: new Date(),
    })
    .where(eq(wallets.workspaceId, workspaceId))
    .returning();
  await tx
    .update(walletReservations)
    .set({ cents: sql`${walletReservations.cents} - ${fromReservation}`, updatedAt: new Date() })
    .where(
      and(
        eq(walletReservations.workspaceId, workspaceId),
        eq(walletReservations.reference, reservationKey(broadcastId)),
      ),
    );
  const transaction = await append(
    tx,
    'withdrawal',
    {
      workspaceId,
      amountCents: charged,
      topic: 'broadcast',
      description: input.description ?? null,
      idempotencyKey: input.idempotencyKey,
      reference: broadcastId,
      details: { ...input.details, ...(charged < cents && { unpaid_cents: cents - charged }) },
    },
    moved!.balanceCents,
  );
  await changed(ctx, tx, moved!);
  await watchBalance(ctx, tx, workspaceId, moved!.balanceCents);
  return { transaction, moved: true };
}

/** Gives back what is held for a broadcast: `cents` of it, or all that is left (its end, its cancel). */
export async function release(ctx: LedgerContext, tx: Tx, workspaceId: string, broadcastId: string, cents?: number) {
  const wallet = await lockWallet(tx, workspaceId);
  const reservation = await reservedFor(tx, workspaceId, broadcastId);
  if (!reservation) return 0;
  const freed = Math.min(cents ?? reservation.cents, reservation.cents, wallet.reservedCents);
  if (freed <= 0) return 0;
  const [freedRow] = await tx
    .update(wallets)
    .set({ reservedCents: sql`${wallets.reservedCents} - ${freed}`, updatedAt: new Date() })
    .where(eq(wallets.workspaceId, workspaceId))
    .returning();
  await changed(ctx, tx, freedRow!);
  await tx
    .update(walletReservations)
    .set({ cents: sql`${walletReservations.cents} - ${freed}`, updatedAt: new Date() })
    .where(
      and(
        eq(walletReservations.workspaceId, workspaceId),
        eq(walletReservations.reference, reservationKey(broadcastId)),
      ),
    );
  return freed;
}

/**
 * The low-balance warning: a movement that leaves the balance under the organization's threshold tells owners and
 * admins once (`wallet.low_balance`); one that lifts it to the threshold or over re-arms it.
 */
async function watchBalance(ctx: LedgerContext, tx: Tx, workspaceId: string, balance: number) {
  const [account] = await tx
    .select({
      threshold: billingAccounts.lowBalanceThresholdCents,
      notifiedAt: billingAccounts.lowBalanceNotifiedAt,
    })
    .from(billingAccounts)
    .where(eq(billingAccounts.workspaceId, workspaceId));
  if (account?.threshold == null) return;
  if (balance >= account.threshold) {
    if (account.notifiedAt)
      await tx
        .update(billingAccounts)
        .set({ lowBalanceNotifiedAt: null, updatedAt: new Date() })
        .where(eq(billingAccounts.workspaceId, workspaceId));
    return;
  }
  if (account.notifiedAt) return;
  const [flagged] = await tx
    .update(billingAccounts)
    .set({ lowBalanceNotifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(billingAccounts.workspaceId, workspaceId), sql`${billingAccounts.lowBalanceNotifiedAt} is null`))
    .returning({ workspaceId: billingAccounts.workspaceId });
  if (flagged)
    await ctx.events.emit(
      tx,
      'wallet.low_balance',
      { balance_cents: balance, threshold_cents: account.threshold },
      workspaceId,
    );
}
