import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { users } from '../../../platform/identity/users.tables.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import { type BillingAccountRow, billingAccounts } from '../billing.tables.ts';
import { callStripe } from '../stripe-errors.ts';

/** The organization's billing account, made (empty, not subscribed) on first need. */
export async function billingAccountOf(ctx: AppContext, workspaceId: string): Promise<BillingAccountRow> {
  return ctx.database.withWorkspace(workspaceId, async (tx) => {
    await tx.insert(billingAccounts).values({ workspaceId }).onConflictDoNothing();
    const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId));
    return account!;
  });
}

/**
 * The organization's Stripe customer, created on first need with its organization in the metadata. Stripe's
 * idempotency key makes two first needs at once one customer.
 */
export async function ensureCustomer(
  ctx: AppContext,
  stripe: Stripe,
  workspaceId: string,
  userId: string,
): Promise<BillingAccountRow & { stripeCustomerId: string }> {
  const account = await billingAccountOf(ctx, workspaceId);
  if (account.stripeCustomerId) return account as BillingAccountRow & { stripeCustomerId: string };
  const [workspace] = await ctx.database.withWorkspace(workspaceId, (tx) =>
    tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
  );
  const [user] = await ctx.database.platform((db) =>
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
  );
  const customer = await callStripe(() =>
    stripe.customers.create(
      { name: workspace?.name, email: user?.email ?? undefined, metadata: { workspace_id: workspaceId } },
      { idempotencyKey: `customer-of-${workspaceId}` },
    ),
  );
  return ctx.database.withWorkspace(workspaceId, async (tx) => {
    const [kept] = await tx
      .update(billingAccounts)
      .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
      .where(eq(billingAccounts.workspaceId, workspaceId))
      .returning();
    return kept as BillingAccountRow & { stripeCustomerId: string };
  });
}

/** Saves changes to the organization's billing account and answers it. */
export async function updateAccount(
  ctx: AppContext,
  workspaceId: string,
  changes: Partial<typeof billingAccounts.$inferInsert>,
): Promise<BillingAccountRow> {
  return ctx.database.withWorkspace(workspaceId, async (tx) => {
    const [row] = await tx
      .update(billingAccounts)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(billingAccounts.workspaceId, workspaceId))
      .returning();
    return row!;
  });
}
