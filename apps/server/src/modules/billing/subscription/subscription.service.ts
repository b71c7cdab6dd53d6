import type { BillingCycle, Invoice, Subscription } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { workspaces } from '../../../platform/identity/workspaces.tables.ts';
import type { BillingAccountRow, SubscriptionPlanRow } from '../billing.tables.ts';
import { callStripe, stripeForBilling } from '../stripe-errors.ts';
import { chargedCents } from '../stripe-plan-sync.ts';
import { billingAccountOf, ensureCustomer, updateAccount } from './billing-account.ts';
import { currentSubscription } from './current.ts';
import { planById, planByTag, stripePriceOf } from './plan-prices.ts';
import { accountFromSubscription, saveAccountState } from './subscription-state.ts';
import { assertUsageFits } from './usage.ts';

const HAS_SUBSCRIPTION = new Set(['active', 'past_due', 'cancelled']);
/** the `plan_tag` the organization shows for a state */
const shownTag = (status: string, plan: SubscriptionPlanRow | null) =>
  plan && HAS_SUBSCRIPTION.has(status) ? plan.tag : null;

/** Subscribing, upgrading, downgrading, cancelling and resuming, the way Stripe recommends each. */
export function createSubscriptionService(ctx: AppContext) {
  const dtoOf = (account: BillingAccountRow): Promise<Subscription> => currentSubscription(ctx, account.workspaceId);

  /** Writes what Stripe answered about the subscription, with the organization's plan tag. */
  async function keep(workspaceId: string, account: BillingAccountRow, subscription: Stripe.Subscription) {
    const changes = await accountFromSubscription(ctx, account, subscription);
    if (!changes) return account;
    const plan = await planById(ctx, changes.planId ?? null);
    return ctx.database.withWorkspace(workspaceId, (tx) =>
      saveAccountState(tx, workspaceId, changes, shownTag(changes.status ?? account.status, plan)),
    );
  }

  async function offeredPlan(tag: string) {
    const plan = await planByTag(ctx, tag);
    if (!plan || plan.hidden) throw notFound('plan_not_found');
    return plan;
  }

  function subscribedAccount(account: BillingAccountRow): BillingAccountRow & { stripeSubscriptionId: string } {
    if (!account.stripeSubscriptionId || !HAS_SUBSCRIPTION.has(account.status))
      throw new AppError(409, 'subscription_none');
    return account as BillingAccountRow & { stripeSubscriptionId: string };
  }

  async function subscribe(
    stripe: Stripe,
    workspaceId: string,
    account: BillingAccountRow & { stripeCustomerId: string },
    plan: SubscriptionPlanRow,
    cycle: BillingCycle,
  ) {
    await assertUsageFits(ctx, workspaceId, plan);
    const price = await stripePriceOf(ctx, plan, cycle);
    const [workspace] = await ctx.database.withWorkspace(workspaceId, (tx) =>
      tx.select({ trialDays: workspaces.trialDays }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    );
    const firstTime = !account.stripeSubscriptionId;
    const trialDays = firstTime ? (workspace?.trialDays ?? 0) : 0;
    const subscription = await callStripe(() =>
      stripe.subscriptions.create({
        customer: account.stripeCustomerId,
        items: [{ price }],
        default_payment_method: account.defaultPaymentMethodId!,
        // a declined first charge is a 402 now, never a subscription left incomplete
        payment_behavior: 'error_if_incomplete',
        metadata: { workspace_id: workspaceId },
        ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
      }),
    );
    return keep(workspaceId, { ...account, planId: null }, subscription);
  }

  /** At once, prorated and charged now; nothing changes unless the charge succeeds (`pending_if_incomplete`). */
  async function upgrade(
    stripe: Stripe,
    workspaceId: string,
    account: BillingAccountRow & { stripeSubscriptionId: string },
    plan: SubscriptionPlanRow,
    cycle: BillingCycle,
  ) {
    await assertUsageFits(ctx, workspaceId, plan);
    const price = await stripePriceOf(ctx, plan, cycle);
    // an upgrade replaces a scheduled downgrade
    if (account.stripeScheduleId) await releaseSchedule(stripe, account.stripeScheduleId);
    const current = await callStripe(() => stripe.subscriptions.retrieve(account.stripeSubscriptionId));
    const updated = await callStripe(() =>
      stripe.subscriptions.update(account.stripeSubscriptionId, {
        items: [{ id: current.items.data[0]!.id, price }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
      }),
    );
    if (updated.pending_update) {
      const invoice = updated.latest_invoice
        ? await callStripe(() =>
            stripe.invoices.retrieve(
              typeof updated.latest_invoice === 'string' ? updated.latest_invoice : updated.latest_invoice!.id!,
              { expand: ['payments.data.payment.payment_intent'] },
            ),
          ).catch(() => null)
        : null;
      throw new AppError(402, 'payment_declined', { message: declineMessage(invoice) });
    }
    await keep(workspaceId, { ...account, stripeScheduleId: null, nextPlanId: null }, updated);
    return updateAccount(ctx, workspaceId, {
      nextPlanId: null,
      stripeScheduleId: null,
      paidPriceCents: chargedCents(plan, cycle),
    });
  }

  async function releaseSchedule(stripe: Stripe, scheduleId: string) {
    const schedule = await callStripe(() => stripe.subscriptionSchedules.retrieve(scheduleId));
    if (schedule.status === 'active' || schedule.status === 'not_started')
      await callStripe(() => stripe.subscriptionSchedules.release(scheduleId));
  }

  /** From the next period: a schedule whose current phase runs to the period end, the next one on the new price. */
  async function downgrade(
    stripe: Stripe,
    workspaceId: string,
    account: BillingAccountRow & { stripeSubscriptionId: string },
    plan: SubscriptionPlanRow,
    cycle: BillingCycle,
  ) {
    await assertUsageFits(ctx, workspaceId, plan);
    const price = await stripePriceOf(ctx, plan, cycle);
    const schedule = account.stripeScheduleId
      ? await callStripe(() => stripe.subscriptionSchedules.retrieve(account.stripeScheduleId!))
      : await callStripe(() =>
          stripe.subscriptionSchedules.create({ from_subscription: account.stripeSubscriptionId }),
        );
    const phase = schedule.phases[0]!;
    await callStripe(() =>
      stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: phase.items.map((item) => ({
              price: typeof item.price === 'string' ? item.price : item.price.id,
              quantity: item.quantity,
            })),
            start_date: phase.start_date,
            end_date: phase.end_date,
          },
          { items: [{ price }], duration: { interval: cycle === 'monthly' ? 'month' : 'year', interval_count: 1 } },
        ],
      }),
    );
    return updateAccount(ctx, workspaceId, { stripeScheduleId: schedule.id, nextPlanId: plan.id });
  }

  return {
    async current(workspaceId: string) {
      return dtoOf(await billingAccountOf(ctx, workspaceId));
    },

    async change(workspaceId: string, userId: string, body: { plan_tag: string; billing_cycle: BillingCycle }) {
      const stripe = await stripeForBilling(ctx);
      const plan = await offeredPlan(body.plan_tag);
      const account = await ensureCustomer(ctx, stripe, workspaceId, userId);
      if (!account.defaultPaymentMethodId) throw new AppError(400, 'payment_method_required');
      const cycle = body.billing_cycle;
      if (!account.stripeSubscriptionId || !HAS_SUBSCRIPTION.has(account.status))
        return dtoOf(await subscribe(stripe, workspaceId, account, plan, cycle));
      const subscribed = subscribedAccount(account);
      const currentPlan = await planById(ctx, account.planId);
      if (currentPlan?.id === plan.id && account.billingCycle === cycle) throw new AppError(409, 'already_on_plan');
      const isUpgrade =
        !currentPlan ||
        (account.billingCycle === 'monthly' && cycle === 'yearly') ||
        (account.billingCycle === cycle && chargedCents(plan, cycle) >= chargedCents(currentPlan, cycle));
      return dtoOf(
        isUpgrade
          ? await upgrade(stripe, workspaceId, subscribed, plan, cycle)
          : await downgrade(stripe, workspaceId, subscribed, plan, cycle),
      );
    },

    async cancel(workspaceId: string) {
      const stripe = await stripeForBilling(ctx);
      const account = subscribedAccount(await billingAccountOf(ctx, workspaceId));
      const updated = await callStripe(() =>
        stripe.subscriptions.update(account.stripeSubscriptionId, { cancel_at_period_end: true }),
      );
      return dtoOf(await keep(workspaceId, account, updated));
    },

    async resume(workspaceId: string) {
      const stripe = await stripeForBilling(ctx);
      const account = await billingAccountOf(ctx, workspaceId);
      if (account.status === 'expired') throw new AppError(409, 'subscription_not_resumable');
      const subscribed = subscribedAccount(account);
      if (subscribed.status !== 'cancelled') throw new AppError(409, 'subscription_not_cancelled');
      const updated = await callStripe(() =>
        stripe.subscriptions.update(subscribed.stripeSubscriptionId, { cancel_at_period_end: false }),
      );
      return dtoOf(await keep(workspaceId, subscribed, updated));
    },

    async withdrawDowngrade(workspaceId: string) {
      const stripe = await stripeForBilling(ctx);
      const account = subscribedAccount(await billingAccountOf(ctx, workspaceId));
      if (!account.stripeScheduleId || !account.nextPlanId) throw new AppError(409, 'no_scheduled_downgrade');
      await releaseSchedule(stripe, account.stripeScheduleId);
      return dtoOf(await updateAccount(ctx, workspaceId, { stripeScheduleId: null, nextPlanId: null }));
    },

    async invoices(workspaceId: string): Promise<Invoice[]> {
      const stripe = await stripeForBilling(ctx);
      const account = await billingAccountOf(ctx, workspaceId);
      if (!account.stripeCustomerId) return [];
      const list = await callStripe(() => stripe.invoices.list({ customer: account.stripeCustomerId!, limit: 100 }));
      return list.data.map(invoiceDto);
    },
  };
}

/** Stripe's words for why the upgrade's invoice was not paid. */
function declineMessage(invoice: Stripe.Invoice | null): string {
  const payment = invoice?.payments?.data?.[0]?.payment?.payment_intent;
  const intent = payment && typeof payment !== 'string' ? payment : null;
  return intent?.last_payment_error?.message ?? 'Your card was declined.';
}

export function invoiceDto(invoice: Stripe.Invoice): Invoice {
  const line = invoice.lines?.data?.[0];
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? null,
    status: invoice.status ?? 'draft',
    amount_paid_cents: invoice.amount_paid,
    amount_due_cents: invoice.amount_due,
    currency: invoice.currency,
    created_at: invoice.created,
    period_start: line?.period?.start ?? invoice.period_start ?? null,
    period_end: line?.period?.end ?? invoice.period_end ?? null,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
  };
}
