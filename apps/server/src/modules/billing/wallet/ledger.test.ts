import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { wallets, walletTransactions } from '../billing.tables.ts';
import { deposit, InsufficientFundsError, release, reserve, reservedFor, settle, withdraw } from './ledger.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ctx = () => ({ events: t.app.events });

async function newWallet(cents: number) {
  const { workspaceId } = await createOwner(t);
  if (cents > 0)
    await t.database.withWorkspace(workspaceId, (tx) =>
      deposit(ctx(), tx, { workspaceId, amountCents: cents, topic: 'top_up', idempotencyKey: 'opening' }),
    );
  return workspaceId;
}

const walletRow = async (workspaceId: string) =>
  (
    await t.database.withWorkspace(workspaceId, (tx) =>
      tx.select().from(wallets).where(eq(wallets.workspaceId, workspaceId)),
    )
  )[0]!;

/** the ledger's own account of the balance: deposits minus withdrawals */
async function ledgerSum(workspaceId: string) {
  const [row] = await t.database.withWorkspace(workspaceId, (tx) =>
    tx
      .select({
        sum: sql<number>`coalesce(sum(case when type = 'deposit' then amount_cents else -amount_cents end), 0)`.mapWith(
          Number,
        ),
      })
      .from(walletTransactions),
  );
  return row!.sum;
}

describe('wallet ledger', () => {
  it('keeps the balance equal to the ledger and never below zero under 50 concurrent withdrawals and deposits', async () => {
    const workspaceId = await newWallet(5_000);
    const operations = Array.from({ length: 50 }, (_, i) => {
      const isDeposit = i % 5 === 0;
      const amountCents = isDeposit ? 150 + i : 400 + 7 * i;
      return t.database
        .withWorkspace(workspaceId, (tx) =>
          (isDeposit ? deposit : withdraw)(ctx(), tx, {
            workspaceId,
            amountCents,
            topic: isDeposit ? 'top_up' : 'broadcast',
            idempotencyKey: `op-${i}`,
          }),
        )
        .then(
          () => 'moved' as const,
          (error: unknown) => {
            if (error instanceof InsufficientFundsError) return error.missingCents;
            throw error;
          },
        );
    });
    const outcomes = await Promise.all(operations);
    const refused = outcomes.filter((o) => typeof o === 'number');
    // the wallet cannot cover them all: some were refused, each naming a positive shortfall
    expect(refused.length).toBeGreaterThan(0);
    for (const missing of refused) expect(missing).toBeGreaterThan(0);
    const wallet = await walletRow(workspaceId);
    expect(wallet.balanceCents).toBeGreaterThanOrEqual(0);
    expect(wallet.balanceCents).toBe(await ledgerSum(workspaceId));
    const rows = await t.database.withWorkspace(workspaceId, (tx) => tx.select().from(walletTransactions));
    expect(rows).toHaveLength(1 + outcomes.filter((o) => o === 'moved').length);
    expect(rows.every((row) => row.balanceAfterCents >= 0)).toBe(true);
  });

  it('moves money once per idempotency key and says how much is missing', async () => {
    const workspaceId = await newWallet(1_000);
    const twice = await t.database.withWorkspace(workspaceId, async (tx) => [
      await withdraw(ctx(), tx, { workspaceId, amountCents: 300, topic: 'broadcast', idempotencyKey: 'k' }),
      await withdraw(ctx(), tx, { workspaceId, amountCents: 300, topic: 'broadcast', idempotencyKey: 'k' }),
    ]);
    expect(twice.map((r) => r.moved)).toEqual([true, false]);
    expect(twice[1]!.transaction.id).toBe(twice[0]!.transaction.id);
    expect((await walletRow(workspaceId)).balanceCents).toBe(700);
    const short = t.database.withWorkspace(workspaceId, (tx) =>
      withdraw(ctx(), tx, { workspaceId, amountCents: 1_000, topic: 'broadcast', idempotencyKey: 'big' }),
    );
    await expect(short).rejects.toMatchObject({ status: 402, missingCents: 300, params: { missing: '$3.00' } });
    expect((await walletRow(workspaceId)).balanceCents).toBe(700);
    expect(await ledgerSum(workspaceId)).toBe(700);
  });

  it('keeps the ledger append-only', async () => {
    const workspaceId = await newWallet(1_000);
    await expect(
      t.database.withWorkspace(workspaceId, (tx) => tx.update(walletTransactions).set({ amountCents: 1 })),
    ).rejects.toThrow();
    await expect(t.database.withWorkspace(workspaceId, (tx) => tx.delete(walletTransactions))).rejects.toThrow();
    expect(await ledgerSum(workspaceId)).toBe(1_000);
  });

  it('reserves, settles per recipient set once and releases the rest', async () => {
    const workspaceId = await newWallet(1_000);
    const broadcastId = crypto.randomUUID();
    await expect(
      t.database.withWorkspace(workspaceId, (tx) => reserve(ctx(), tx, workspaceId, broadcastId, 1_200)),
    ).rejects.toMatchObject({ missingCents: 200 });
    expect((await walletRow(workspaceId)).reservedCents).toBe(0);
    await t.database.withWorkspace(workspaceId, (tx) => reserve(ctx(), tx, workspaceId, broadcastId, 800));
    // held money is not spendable
    await expect(
      t.database.withWorkspace(workspaceId, (tx) =>
        withdraw(ctx(), tx, { workspaceId, amountCents: 300, topic: 'x', idempotencyKey: 'x' }),
      ),
    ).rejects.toMatchObject({ missingCents: 100 });
    const settleBatch = () =>
      t.database.withWorkspace(workspaceId, (tx) =>
        settle(ctx(), tx, { workspaceId, broadcastId, cents: 300, idempotencyKey: `broadcast:${broadcastId}:a` }),
      );
    await settleBatch();
    await settleBatch();
    expect(await walletRow(workspaceId)).toMatchObject({ balanceCents: 700, reservedCents: 500 });
    await t.database.withWorkspace(workspaceId, (tx) => release(ctx(), tx, workspaceId, broadcastId));
    expect(await walletRow(workspaceId)).toMatchObject({ balanceCents: 700, reservedCents: 0 });
    expect(await t.database.withWorkspace(workspaceId, (tx) => reservedFor(tx, workspaceId, broadcastId))).toEqual({
      cents: 0,
    });
    expect(await ledgerSum(workspaceId)).toBe(700);
  });
});
