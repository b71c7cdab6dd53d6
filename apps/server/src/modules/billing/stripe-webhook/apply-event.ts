import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { type BillingAccountRow, billingAccounts } from '../billing.tables.ts';
import { isMissing } from '../stripe-errors.ts';
import { planById } from '../subscription/plan-prices.ts';
import { accountFromSubscription, saveAccountState } from '../subscription/subscription-state.ts';
import { topUpSucceeded } from './top-ups.ts';

const idOf = (value: string | { id?: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const SERVED = new Set(['active', 'past_due', 'cancelled']);

/**
 * Applies one Stripe event to the organization its customer names, in `tx` (which sees every organization).
 * Answers null when applied (or when there was nothing to do), or why it was set aside.
 */
export async function applyStripeEvent(ctx: AppContext, tx: Tx, event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customerId = idOf(object.customer);
  if (!customerId) return null;
  const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.stripeCustomerId, customerId));
  if (!account) return `unknown customer ${customerId}`;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(ctx, tx, account, event.data.object, event.created);
    case 'subscription_schedule.released':
    case 'subscription_schedule.canceled':
      return scheduleEnded(tx, account, event.data.object);
    case 'invoice.paid':
      return invoicePaid(tx, account, event.data.object);
    case 'invoice.payment_failed':
      return invoiceFailed(ctx, tx, account, event.data.object, event.created);
    case 'payment_intent.succeeded':
      return topUpSucceeded(ctx, tx, event.data.object);
    // a failed top-up credited nothing: nothing to undo (the person who asked saw Stripe's refusal)
    case 'payment_intent.payment_failed':
      return null;
    case 'setup_intent.succeeded':
      return setupSucceeded(ctx, tx, account, event.data.object);
    default:
      return null;
  }
}

/** The subscription as Stripe holds it now; the event's copy when Stripe cannot say (no key, or it is gone). */
async function currentSubscriptionAtStripe(ctx: AppContext, subscription: Stripe.Subscription) {
  const stripe = await ctx.stripe.client();
  if (!stripe) return subscription;
  return stripe.subscriptions.retrieve(subscription.id).catch((error: unknown) => {
    if (isMissing(error)) return subscription;
    throw error;
  });
}

/** Older than the state already kept: an event delivered late never undoes a newer one. */
const isStale = (account: BillingAccountRow, created: number) =>
  account.stripeStateAt !== null && created < account.stripeStateAt;

async function subscriptionChanged(
  ctx: AppContext,
  tx: Tx,
  account: BillingAccountRow,
  subscription: Stripe.Subscription,
  created: number,
) {
  if (account.stripeSubscriptionId && account.stripeSubscriptionId !== subscription.id)
    return `subscription ${subscription.id} is not the organization's current one`;
  if (isStale(account, created)) return null;
  // Stripe's events of one second carry no order among themselves (a subscribe and the upgrade right after it): the
  // subscription as Stripe holds it now is the truth, whatever event brought the news
  const current = await currentSubscriptionAtStripe(ctx, subscription);
  const changes = await accountFromSubscription(ctx, account, current);
  if (!changes) return `subscription ${subscription.id} is on no plan of ours`;
  const status = changes.status ?? account.status;
  const plan = await planById(ctx, changes.planId ?? null);
  await saveAccountState(
    tx,
    account.workspaceId,
    {
      ...changes,
      ...(status === 'expired' ? { nextPlanId: null, stripeScheduleId: null, autoRenewal: false } : {}),
      stripeStateAt: created,
    },
    plan && SERVED.has(status) ? plan.tag : null,
  );
  return null;
}

/** The scheduled downgrade's schedule went (released or cancelled in Stripe): no next plan any more. */
async function scheduleEnded(tx: Tx, account: BillingAccountRow, schedule: Stripe.SubscriptionSchedule) {
  if (schedule.id === account.stripeScheduleId)
    await saveAccountState(tx, account.workspaceId, { stripeScheduleId: null, nextPlanId: null }, undefined);
  return null;
}

const subscriptionOfInvoice = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription ?? null);

async function invoicePaid(tx: Tx, account: BillingAccountRow, invoice: Stripe.Invoice) {
  if (subscriptionOfInvoice(invoice) !== account.stripeSubscriptionId) return null;
  if (invoice.billing_reason !== 'subscription_cycle' && invoice.billing_reason !== 'subscription_create') return null;
  const period = invoice.lines?.data?.[0]?.period;
  const later = period && (!account.periodEnd || period.end * 1000 >= account.periodEnd.getTime());
  await saveAccountState(
    tx,
    account.workspaceId,
    {
      paidPriceCents: invoice.amount_paid,
      ...(later ? { periodStart: new Date(period.start * 1000), periodEnd: new Date(period.end * 1000) } : {}),
    },
    undefined,
  );
  return null;
}

/**
 * A renewal's charge failed: past due until Stripe's retries succeed or give up, and the owners and admins hear of
 * it. (A declined upgrade's invoice fails too, but its subscription stays as it was: `pending_if_incomplete`.)
 */
async function invoiceFailed(
  ctx: AppContext,
  tx: Tx,
  account: BillingAccountRow,
  invoice: Stripe.Invoice,
  created: number,
) {
  if (subscriptionOfInvoice(invoice) !== account.stripeSubscriptionId) return null;
  if (invoice.billing_reason !== 'subscription_cycle') return null;
  if (!isStale(account, created) && SERVED.has(account.status))
    await saveAccountState(tx, account.workspaceId, { status: 'past_due', stripeStateAt: created }, undefined);
  const plan = await planById(ctx, account.planId);
  await ctx.events.emit(
    tx,
    'subscription.payment_failed',
    {
      invoice_id: invoice.id ?? '',
      amount_due_cents: invoice.amount_due,
      currency: invoice.currency,
      plan_name: plan?.name ?? null,
    },
    account.workspaceId,
  );
  return null;
}

/** A card Stripe.js saved: the organization's first one becomes its default, as if the app had kept it. */
async function setupSucceeded(ctx: AppContext, tx: Tx, account: BillingAccountRow, intent: Stripe.SetupIntent) {
  const methodId = idOf(intent.payment_method);
  if (!methodId || account.defaultPaymentMethodId) return null;
  const stripe = await ctx.stripe.client();
  if (stripe && account.stripeCustomerId)
    await stripe.customers.update(account.stripeCustomerId, {
      invoice_settings: { default_payment_method: methodId },
    });
  await saveAccountState(tx, account.workspaceId, { defaultPaymentMethodId: methodId }, undefined);
  return null;
}
