import { invoices, type Line } from './stripe-api-invoices.ts';
import type { payments } from './stripe-api-payments.ts';
import { schedules } from './stripe-api-schedules.ts';
import { changed, type StripeStore } from './stripe-api-store.ts';
import { subscriptions } from './stripe-api-subscriptions.ts';
import type { StripeObject } from './stripe-api-wire.ts';

/*
 * Subscriptions, their invoices and schedules (stripe-api-{subscriptions,invoices,schedules}.ts), and what the clock
 * does to them: renewals and pending-update expiry. Since API 2025-03-31 the billing
 * period sits on each subscription item (`items.data[].current_period_start/end`) and an invoice names its
 * subscription in `parent.subscription_details.subscription` and its PaymentIntents in `payments`.
 *
 * Simplified on purpose: one currency per subscription, no taxes or coupons, a failed renewal is retried once at
 * the next period end and then the subscription ends (`canceled`, or `unpaid` when told), and a schedule's phases
 * change at the subscription's period ends.
 */

export function billing(
  store: StripeStore,
  pay: ReturnType<typeof payments>,
  options: { afterFailedRetries: 'canceled' | 'unpaid' },
) {
  const inv = invoices(store, pay);
  const sched = schedules(store, inv);
  const subs = subscriptions(store, pay, inv, sched);
  const { pendingLines, pendingUpdates, itemsOf, periodOf, intervalEnd, attempt, invoice } = inv;
  const { end, phaseChange } = sched;

  /** The clock reached the subscription's period end (or trial end). */
  function periodEnd(sub: StripeObject) {
    const now = store.now();
    if (sub.cancel_at_period_end) return end(sub, 'cancellation_requested');
    const before = structuredClone(sub);
    if (sub.status === 'past_due' || sub.status === 'incomplete') {
      const open = store.objects.get(sub.latest_invoice as string);
      if (open?.status === 'open' && !attempt(open)) {
        if (options.afterFailedRetries === 'unpaid') {
          sub.status = 'unpaid';
          store.emit('customer.subscription.updated', sub, changed(before, sub));
          return sub;
        }
        return end(sub, 'payment_failed');
      }
    }
    if (sub.schedule && phaseChange(sub) === 'canceled') return sub;
    const previous = periodOf(sub);
    const lines: Line[] = [...(pendingLines.get(sub.id as string) ?? [])];
    pendingLines.delete(sub.id as string);
    for (const entry of itemsOf(sub)) {
      const price = entry.price as StripeObject;
      entry.current_period_start = now;
      entry.current_period_end = intervalEnd(price, now);
      lines.push({
        amount: price.unit_amount as number,
        description: `1 × ${price.nickname ?? price.product} (at $${((price.unit_amount as number) / 100).toFixed(2)} / ${(price.recurring as StripeObject).interval})`,
        price,
        start: now,
        end: entry.current_period_end as number,
      });
    }
    const renewal = invoice(sub, lines, 'subscription_cycle', previous);
    sub.latest_invoice = renewal.id;
    const paid = attempt(renewal);
    sub.status = paid ? 'active' : 'past_due';
    store.emit('customer.subscription.updated', sub, changed(before, sub));
    return sub;
  }

  return {
    createSubscription: subs.createSubscription,
    updateSubscription: subs.updateSubscription,
    cancelSubscription: subs.cancelSubscription,
    listSubscriptions: subs.listSubscriptions,
    listInvoices: inv.listInvoices,
    payInvoice: inv.payInvoice,
    createSchedule: sched.createSchedule,
    updateSchedule: sched.updateSchedule,
    releaseSchedule: sched.releaseSchedule,
    cancelSchedule: sched.cancelSchedule,
    /** moves the clock to `target`, doing on the way every period end, trial end and pending-update expiry */
    advanceTo(target: number) {
      for (;;) {
        const due = store
          .all('subscription', (s) => !['canceled', 'incomplete_expired', 'unpaid'].includes(s.status as string))
          .map((s) => ({ sub: s, at: periodOf(s).end }))
          .sort((a, b) => a.at - b.at)[0];
        const expiring = store
          .all('subscription', (s) => !!s.pending_update)
          .map((s) => ({ sub: s, at: (s.pending_update as StripeObject).expires_at as number }))
          .sort((a, b) => a.at - b.at)[0];
        const next = [due, expiring].filter((d) => d && d.at <= target).sort((a, b) => a!.at - b!.at)[0];
        if (!next) break;
        store.setNow(next.at);
        if (next === expiring) {
          const before = structuredClone(next.sub);
          next.sub.pending_update = null;
          for (const [invoiceId, update] of pendingUpdates)
            if (update.subscription === next.sub.id) {
              pendingUpdates.delete(invoiceId);
              const stale = store.get('invoice', invoiceId);
              Object.assign(stale, { status: 'void' });
              (stale.status_transitions as StripeObject).voided_at = store.now();
              store.emit('invoice.voided', stale);
            }
          store.emit('customer.subscription.updated', next.sub, changed(before, next.sub));
        } else periodEnd(next.sub);
      }
      store.setNow(target);
    },
  };
}
