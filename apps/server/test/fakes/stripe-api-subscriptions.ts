import type { invoices, Line } from './stripe-api-invoices.ts';
import type { payments } from './stripe-api-payments.ts';
import type { schedules } from './stripe-api-schedules.ts';
import { changed, type StripeStore } from './stripe-api-store.ts';
import {
  type Form,
  form,
  invalidRequest,
  listOf,
  mergeMetadata,
  type StripeObject,
  stripeId,
} from './stripe-api-wire.ts';

/*
 * Creating, updating (with prorations and pending updates) and cancelling subscriptions. Since API 2025-03-31 the
 * billing period sits on each subscription item (`items.data[].current_period_start/end`).
 */

const PENDING_UPDATE_PARAMS = ['items', 'payment_behavior', 'proration_behavior', 'proration_date', 'expand'];

export function subscriptions(
  store: StripeStore,
  pay: ReturnType<typeof payments>,
  inv: ReturnType<typeof invoices>,
  sched: ReturnType<typeof schedules>,
) {
  const { pendingLines, pendingUpdates, itemsOf, periodOf, intervalEnd, recurringPrice, item, paymentMethodOf } = inv;
  const { attempt, invoice } = inv;
  const { end } = sched;

  function createSubscription(params: Form) {
    form.only(params, [
      'customer',
      'items',
      'trial_period_days',
      'trial_end',
      'default_payment_method',
      'payment_behavior',
      'metadata',
      'description',
      'cancel_at_period_end',
      'collection_method',
      'proration_behavior',
      'payment_settings',
      'off_session',
    ]);
    const customerId = form.string(params, 'customer');
    if (!customerId) throw invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
    store.get('customer', customerId, 'customer');
    const entries = form.array(params, 'items');
    if (entries.length === 0) throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
    const prices = entries.map((entry, i) => recurringPrice(form.string(entry, 'price'), `items[${i}][price]`));
    const currency = prices[0]!.currency as string;
    const defaultMethod = form.string(params, 'default_payment_method');
    if (defaultMethod) {
      const method = store.get('payment_method', defaultMethod, 'default_payment_method');
      if (method.customer !== customerId)
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
          'default_payment_method',
        );
    }
    const behavior = form.string(params, 'payment_behavior') ?? 'allow_incomplete';
    const trialDays = form.int(params, 'trial_period_days');
    const trialEndParam = form.int(params, 'trial_end');
    const now = store.now();
    const trialEnd = trialEndParam ?? (trialDays ? now + trialDays * 86_400 : null);
    const id = stripeId('sub', 14);
    const sub = {
      id,
      object: 'subscription',
      application: null,
      automatic_tax: { enabled: false, liability: null },
      billing_cycle_anchor: trialEnd ?? now,
      billing_mode: { type: 'flexible' },
      cancel_at: null,
      cancel_at_period_end: form.bool(params, 'cancel_at_period_end') ?? false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency,
      customer: customerId,
      days_until_due: null,
      default_payment_method: defaultMethod ?? null,
      description: form.string(params, 'description') ?? null,
      discounts: [],
      ended_at: null,
      invoice_settings: { issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: prices.map((price) => item(id, price, now, trialEnd ?? intervalEnd(price, now))),
        has_more: false,
        total_count: prices.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null as string | null,
      livemode: false,
      metadata: mergeMetadata({}, params),
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    if (!trialEnd && !paymentMethodOf(sub) && behavior !== 'default_incomplete')
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://docs.stripe.com/billing/subscriptions/payment-methods-setting#payment-method-priority.',
      );
    if (sub.cancel_at_period_end) sub.cancel_at = itemsOf(sub)[0]!.current_period_end as never;
    store.put(sub);
    const first = invoice(
      sub,
      prices.map((price) => ({
        amount: trialEnd ? 0 : (price.unit_amount as number),
        description: trialEnd
          ? `Trial period for ${price.nickname ?? price.product}`
          : `1 × ${price.nickname ?? price.product}`,
        price,
        start: now,
        end: trialEnd ?? intervalEnd(price, now),
      })),
      'subscription_create',
      { start: now, end: now },
    );
    sub.latest_invoice = first.id as string;
    const paid = behavior === 'default_incomplete' && !trialEnd ? false : attempt(first);
    if (!paid && behavior === 'error_if_incomplete') {
      store.objects.delete(id);
      Object.assign(first, { status: 'void' });
      const intentId = ((first.payments as { data: StripeObject[] }).data.at(-1)?.payment as StripeObject | undefined)
        ?.payment_intent as string | undefined;
      throw pay.declined(store.get('payment_intent', intentId ?? ''));
    }
    if (!trialEnd) sub.status = paid ? 'active' : 'incomplete';
    store.emit('customer.subscription.created', sub);
    return sub;
  }

  function updateSubscription(id: string, params: Form) {
    const behavior = form.string(params, 'payment_behavior') ?? 'allow_incomplete';
    if (behavior === 'pending_if_incomplete' && Object.keys(params).some((k) => !PENDING_UPDATE_PARAMS.includes(k)))
      throw invalidRequest(
        `When using \`payment_behavior=pending_if_incomplete\`, you can only pass the following parameters: ${PENDING_UPDATE_PARAMS.join(', ')}.`,
        'payment_behavior',
      );
    form.only(params, [
      ...PENDING_UPDATE_PARAMS,
      'cancel_at_period_end',
      'metadata',
      'default_payment_method',
      'description',
      'trial_end',
    ]);
    const sub = store.get('subscription', id);
    if (sub.status === 'canceled')
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      );
    const before = structuredClone(sub);
    const cancelAtEnd = form.bool(params, 'cancel_at_period_end');
    if (cancelAtEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtEnd;
      sub.cancel_at = cancelAtEnd ? periodOf(sub).end : null;
      sub.canceled_at = cancelAtEnd ? store.now() : null;
      (sub.cancellation_details as StripeObject).reason = cancelAtEnd ? 'cancellation_requested' : null;
    }
    const defaultMethod = form.string(params, 'default_payment_method');
    if (defaultMethod !== undefined) {
      if (defaultMethod) store.get('payment_method', defaultMethod, 'default_payment_method');
      sub.default_payment_method = defaultMethod || null;
    }
    sub.metadata = mergeMetadata(sub.metadata as Record<string, string>, params);
    const entries = form.array(params, 'items');
    if (entries.length > 0) changeItems(sub, entries, params, behavior);
    const diff = changed(before, sub);
    if (Object.keys(diff).length > 0) store.emit('customer.subscription.updated', sub, diff);
    return sub;
  }

  function changeItems(sub: StripeObject, entries: Form[], params: Form, behavior: string) {
    const now = store.now();
    const period = periodOf(sub);
    const current = itemsOf(sub);
    const next = current.map((entry) => structuredClone(entry));
    entries.forEach((entry, i) => {
      const itemId = form.string(entry, 'id');
      const existing = itemId ? next.find((e) => e.id === itemId) : undefined;
      if (itemId && !existing)
        throw invalidRequest(`No such subscription item: '${itemId}'`, `items[${i}][id]`, 'resource_missing');
      if (existing && form.bool(entry, 'deleted')) {
        next.splice(next.indexOf(existing), 1);
        return;
      }
      const price = recurringPrice(
        form.string(entry, 'price') ?? ((existing?.price as StripeObject)?.id as string),
        `items[${i}][price]`,
      );
      if (existing) existing.price = structuredClone(price);
      else next.push(item(sub.id as string, price, period.start, period.end));
    });
    const interval = (p: StripeObject) => JSON.stringify((p.price as StripeObject).recurring);
    const cycleChanges = next.some((e) => interval(e) !== interval(current[0]!));
    const proration = form.string(params, 'proration_behavior') ?? 'create_prorations';
    const amountOf = (list: StripeObject[]) =>
      list.reduce((sum, e) => sum + ((e.price as StripeObject).unit_amount as number), 0);
    const share = (amount: number) =>
      Math.round((amount * (period.end - now)) / Math.max(period.end - period.start, 1));
    const unused = sub.status === 'trialing' ? 0 : share(amountOf(current));
    let lines: Line[] = [];
    if (cycleChanges) {
      for (const entry of next) {
        entry.current_period_start = now;
        entry.current_period_end = intervalEnd(entry.price as StripeObject, now);
      }
      lines = [
        { amount: -unused, description: 'Unused time', price: null, start: now, end: period.end },
        ...next.map((entry) => ({
          amount: (entry.price as StripeObject).unit_amount as number,
          description: `1 × ${(entry.price as StripeObject).nickname ?? (entry.price as StripeObject).product}`,
          price: entry.price as StripeObject,
          start: now,
          end: entry.current_period_end as number,
        })),
      ];
    } else if (proration !== 'none' && sub.status !== 'trialing') {
      lines = [
        { amount: -unused, description: 'Unused time', price: null, start: now, end: period.end },
        { amount: share(amountOf(next)), description: 'Remaining time', price: null, start: now, end: period.end },
      ];
    }
    const invoiceNow = cycleChanges || (proration === 'always_invoice' && lines.length > 0);
    if (!invoiceNow) {
      if (lines.length > 0)
        pendingLines.set(sub.id as string, [...(pendingLines.get(sub.id as string) ?? []), ...lines]);
      (sub.items as StripeObject).data = next;
      return;
    }
    const previousInvoice = sub.latest_invoice;
    const update = invoice(sub, lines, 'subscription_update', { start: now, end: now });
    sub.latest_invoice = update.id;
    if (attempt(update)) {
      (sub.items as StripeObject).data = next;
      return;
    }
    if (behavior === 'pending_if_incomplete') {
      pendingUpdates.set(update.id as string, { subscription: sub.id as string, items: next });
      sub.pending_update = {
        billing_cycle_anchor: cycleChanges ? now : null,
        expires_at: now + 23 * 3600,
        subscription_items: structuredClone(next),
        trial_end: null,
        trial_from_plan: null,
      };
      return;
    }
    if (behavior === 'error_if_incomplete') {
      Object.assign(update, { status: 'void' });
      sub.latest_invoice = previousInvoice;
      const intent = ((update.payments as { data: StripeObject[] }).data.at(-1)!.payment as StripeObject)
        .payment_intent;
      throw pay.declined(store.get('payment_intent', intent as string));
    }
    (sub.items as StripeObject).data = next;
    sub.status = 'past_due';
  }

  return {
    createSubscription,
    updateSubscription,
    cancelSubscription: (id: string) => {
      const sub = store.get('subscription', id);
      if (sub.status === 'canceled') throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
      return end(sub, 'cancellation_requested');
    },
    listSubscriptions(query: Form) {
      const customer = form.string(query, 'customer');
      const status = form.string(query, 'status');
      const subs = store.all(
        'subscription',
        (s) =>
          (!customer || s.customer === customer) &&
          (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
      );
      return listOf(subs, query, '/v1/subscriptions');
    },
  };
}
