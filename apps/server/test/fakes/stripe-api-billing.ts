import { changed, type payments, type StripeStore } from './stripe-api-objects.ts';
import {
  addInterval,
  type Form,
  form,
  invalidRequest,
  listOf,
  mergeMetadata,
  type StripeObject,
  stripeId,
} from './stripe-api-wire.ts';

/*
 * Subscriptions, their invoices and schedules, and what the clock does to them. Since API 2025-03-31 the billing
 * period sits on each subscription item (`items.data[].current_period_start/end`) and an invoice names its
 * subscription in `parent.subscription_details.subscription` and its PaymentIntents in `payments`.
 *
 * Simplified on purpose: one currency per subscription, no taxes or coupons, a failed renewal is retried once at
 * the next period end and then the subscription ends (`canceled`, or `unpaid` when told), and a schedule's phases
 * change at the subscription's period ends.
 */

type Line = { amount: number; description: string; price: StripeObject | null; start: number; end: number };
const PENDING_UPDATE_PARAMS = ['items', 'payment_behavior', 'proration_behavior', 'proration_date', 'expand'];

export function billing(
  store: StripeStore,
  pay: ReturnType<typeof payments>,
  options: { afterFailedRetries: 'canceled' | 'unpaid' },
) {
  /** prorations waiting for the next renewal invoice, and an update waiting for an invoice to be paid */
  const pendingLines = new Map<string, Line[]>();
  const pendingUpdates = new Map<string, { subscription: string; items: StripeObject[] }>();
  const itemsOf = (sub: StripeObject) => (sub.items as { data: StripeObject[] }).data;
  const periodOf = (sub: StripeObject) => {
    const item = itemsOf(sub)[0]!;
    return { start: item.current_period_start as number, end: item.current_period_end as number };
  };
  const intervalEnd = (price: StripeObject, from: number) => {
    const recurring = price.recurring as { interval: string; interval_count: number };
    return addInterval(from, recurring.interval, recurring.interval_count);
  };
  const recurringPrice = (id: string | undefined, param: string) => {
    if (!id) throw invalidRequest('Missing required param: items[0][price].', param, 'parameter_missing');
    const price = store.get('price', id, param);
    if (!price.recurring)
      throw invalidRequest(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        param,
      );
    if (!price.active)
      throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
    return price;
  };
  const item = (subscription: string, price: StripeObject, start: number, end: number, id = stripeId('si', 14)) => ({
    id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: store.now(),
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    plan: null,
    price: structuredClone(price),
    quantity: 1,
    subscription,
    tax_rates: [],
  });
  const paymentMethodOf = (sub: StripeObject) =>
    (sub.default_payment_method as string | null) ??
    (((store.objects.get(sub.customer as string)?.invoice_settings as StripeObject | undefined)
      ?.default_payment_method as string | null) ||
      null);

  /** Tries to pay an open invoice with the subscription's (else the customer's) default card. */
  function attempt(invoice: StripeObject) {
    const sub = store.get('subscription', invoiceSubscription(invoice));
    const amount = invoice.amount_remaining as number;
    invoice.attempted = true;
    invoice.attempt_count = (invoice.attempt_count as number) + 1;
    const payments = (invoice.payments as { data: StripeObject[] }).data;
    let paid = amount === 0;
    if (!paid) {
      const intent = pay.charge({
        amount,
        currency: invoice.currency as string,
        customer: invoice.customer as string,
        paymentMethod: paymentMethodOf(sub),
        description: 'Subscription update',
        offSession: true,
      });
      paid = intent.status === 'succeeded';
      payments.push({
        id: stripeId('inpay'),
        object: 'invoice_payment',
        amount_paid: paid ? amount : null,
        amount_requested: amount,
        created: store.now(),
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: payments.length === 0,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: intent.id },
        status: paid ? 'paid' : 'open',
        status_transitions: { canceled_at: null, paid_at: paid ? store.now() : null },
      });
    }
    if (paid) {
      Object.assign(invoice, { status: 'paid', amount_paid: amount, amount_remaining: 0, next_payment_attempt: null });
      (invoice.status_transitions as StripeObject).paid_at = store.now();
      store.emit('invoice.paid', invoice);
      store.emit('invoice.payment_succeeded', invoice);
      const update = pendingUpdates.get(invoice.id as string);
      if (update) applyPendingUpdate(invoice.id as string);
    } else {
      invoice.next_payment_attempt = null;
      store.emit('invoice.payment_failed', invoice);
    }
    return paid;
  }
  const invoiceSubscription = (invoice: StripeObject) =>
    ((invoice.parent as StripeObject).subscription_details as StripeObject).subscription as string;

  function invoice(sub: StripeObject, lines: Line[], reason: string, period: { start: number; end: number }) {
    const total = Math.max(
      lines.reduce((sum, line) => sum + line.amount, 0),
      0,
    );
    const customer = store.get('customer', sub.customer as string);
    const sequence = customer.next_invoice_sequence as number;
    customer.next_invoice_sequence = sequence + 1;
    const id = stripeId('in');
    const created = store.put({
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Fake Stripe account',
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempt_count: 0,
      attempted: false,
      auto_advance: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: store.now(),
      currency: sub.currency,
      customer: sub.customer,
      customer_email: customer.email,
      customer_name: customer.name,
      default_payment_method: null,
      description: null,
      hosted_invoice_url: `${store.origin}/invoices/${id}`,
      invoice_pdf: `${store.origin}/invoices/${id}/pdf`,
      lines: {
        object: 'list',
        data: lines.map((line) => ({
          id: stripeId('il'),
          object: 'line_item',
          amount: line.amount,
          currency: sub.currency,
          description: line.description,
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: sub.id, proration: reason === 'subscription_update' },
          },
          period: { start: line.start, end: line.end },
          pricing: line.price
            ? {
                type: 'price_details',
                price_details: { price: line.price.id, product: line.price.product },
                unit_amount_decimal: String(line.price.unit_amount),
              }
            : null,
          quantity: 1,
        })),
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: structuredClone(sub.metadata), subscription: sub.id },
      },
      payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
      period_end: period.end,
      period_start: period.start,
      receipt_number: null,
      status: 'open',
      status_transitions: { finalized_at: store.now(), marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      total,
    });
    store.emit('invoice.created', created);
    store.emit('invoice.finalized', created);
    return created;
  }

  function end(sub: StripeObject, reason: string) {
    const before = structuredClone(sub);
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: sub.canceled_at ?? store.now(),
      ended_at: store.now(),
      cancellation_details: { comment: null, feedback: null, reason },
    });
    if (sub.schedule) {
      const schedule = store.get('subscription_schedule', sub.schedule as string);
      Object.assign(schedule, { status: 'canceled', canceled_at: store.now() });
      store.emit('subscription_schedule.canceled', schedule);
    }
    store.emit('customer.subscription.deleted', sub, changed(before, sub));
    return sub;
  }

  function applyPendingUpdate(invoiceId: string) {
    const update = pendingUpdates.get(invoiceId)!;
    pendingUpdates.delete(invoiceId);
    const sub = store.get('subscription', update.subscription);
    const before = structuredClone(sub);
    (sub.items as StripeObject).data = update.items;
    sub.pending_update = null;
    if (sub.status === 'past_due' || sub.status === 'incomplete') sub.status = 'active';
    store.emit('customer.subscription.updated', sub, changed(before, sub));
  }

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

  /** Moves a schedule to its next phase at the period end; answers what became of the subscription. */
  function phaseChange(sub: StripeObject): 'changed' | 'released' | 'canceled' | 'none' {
    const schedule = store.get('subscription_schedule', sub.schedule as string);
    const phases = schedule.phases as StripeObject[];
    const now = store.now();
    const index = phases.findIndex((phase) => (phase.end_date as number) > now);
    const current = schedule.current_phase as { start_date: number; end_date: number };
    if (index >= 0 && (phases[index]!.start_date as number) === current.start_date) return 'none';
    if (index < 0) {
      if (schedule.end_behavior === 'cancel') {
        end(sub, 'cancellation_requested');
        return 'canceled';
      }
      release(schedule);
      return 'released';
    }
    const phase = phases[index]!;
    const prices = (phase.items as StripeObject[]).map((entry) => store.get('price', entry.price as string));
    const period = periodOf(sub);
    (sub.items as StripeObject).data = prices.map((price, i) =>
      item(sub.id as string, price, period.start, period.end, i === 0 ? (itemsOf(sub)[0]!.id as string) : undefined),
    );
    schedule.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
    store.emit('subscription_schedule.updated', schedule);
    return 'changed';
  }

  function release(schedule: StripeObject) {
    const sub = store.objects.get(schedule.subscription as string);
    Object.assign(schedule, {
      status: 'released',
      released_at: store.now(),
      released_subscription: schedule.subscription,
      subscription: null,
      current_phase: null,
    });
    if (sub) sub.schedule = null;
    store.emit('subscription_schedule.released', schedule);
    return schedule;
  }

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
    listInvoices(query: Form) {
      const customer = form.string(query, 'customer');
      const subscription = form.string(query, 'subscription');
      const status = form.string(query, 'status');
      const invoices = store.all(
        'invoice',
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || invoiceSubscription(i) === subscription) &&
          (!status || i.status === status),
      );
      return listOf(invoices, query, '/v1/invoices');
    },
    payInvoice(id: string) {
      const open = store.get('invoice', id);
      if (open.status !== 'open') throw invalidRequest('Invoice is already paid', undefined, 'invoice_not_open');
      if (!attempt(open)) {
        const intent = ((open.payments as { data: StripeObject[] }).data.at(-1)!.payment as StripeObject)
          .payment_intent;
        throw pay.declined(store.get('payment_intent', intent as string));
      }
      const sub = store.get('subscription', invoiceSubscription(open));
      if (sub.status === 'past_due' && sub.latest_invoice === id) {
        const before = structuredClone(sub);
        sub.status = 'active';
        store.emit('customer.subscription.updated', sub, changed(before, sub));
      }
      return open;
    },
    createSchedule(params: Form) {
      form.only(params, ['from_subscription', 'metadata']);
      const subId = form.string(params, 'from_subscription');
      if (!subId)
        throw invalidRequest('Missing required param: from_subscription.', 'from_subscription', 'parameter_missing');
      const sub = store.get('subscription', subId, 'from_subscription');
      if (sub.schedule)
        throw invalidRequest(
          `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`,
          'from_subscription',
        );
      const period = periodOf(sub);
      const schedule = store.put({
        id: stripeId('sub_sched', 14),
        object: 'subscription_schedule',
        application: null,
        billing_mode: { type: 'flexible' },
        canceled_at: null,
        completed_at: null,
        created: store.now(),
        current_phase: { start_date: period.start, end_date: period.end },
        customer: sub.customer,
        default_settings: { collection_method: 'charge_automatically', default_payment_method: null },
        end_behavior: 'release',
        livemode: false,
        metadata: mergeMetadata({}, params),
        phases: [
          phase(
            itemsOf(sub).map((e) => (e.price as StripeObject).id as string),
            period.start,
            period.end,
            sub,
          ),
        ],
        released_at: null,
        released_subscription: null,
        status: 'active',
        subscription: sub.id,
        test_clock: null,
      });
      sub.schedule = schedule.id;
      store.emit('subscription_schedule.created', schedule);
      return schedule;
    },
    updateSchedule(id: string, params: Form) {
      form.only(params, ['phases', 'end_behavior', 'metadata', 'proration_behavior', 'default_settings']);
      const schedule = store.get('subscription_schedule', id, 'schedule');
      if (schedule.status !== 'active' && schedule.status !== 'not_started')
        throw invalidRequest(
          `You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      const sub = store.get('subscription', schedule.subscription as string);
      const endBehavior = form.string(params, 'end_behavior');
      if (endBehavior) {
        if (!['release', 'cancel'].includes(endBehavior)) throw invalidRequest('Invalid end_behavior', 'end_behavior');
        schedule.end_behavior = endBehavior;
      }
      const given = form.array(params, 'phases');
      if (given.length > 0) {
        const current = schedule.current_phase as { start_date: number };
        let start = current.start_date;
        schedule.phases = given.map((entry, i) => {
          const prices = form.array(entry, 'items').map((it, j) => {
            const price = recurringPrice(form.string(it, 'price'), `phases[${i}][items][${j}][price]`);
            return price;
          });
          if (prices.length === 0)
            throw invalidRequest(
              'Missing required param: phases[][items].',
              `phases[${i}][items]`,
              'parameter_missing',
            );
          const startParam = form.string(entry, 'start_date');
          const phaseStart = startParam === undefined || startParam === 'now' ? start : Number(startParam);
          if (i === 0 && phaseStart !== current.start_date)
            throw invalidRequest('You can not modify the start date of the current phase.', 'phases[0][start_date]');
          const iterations = form.int(entry, 'iterations');
          const duration = form.object(entry, 'duration');
          const endDate =
            form.int(entry, 'end_date') ??
            (duration
              ? addInterval(
                  phaseStart,
                  form.string(duration, 'interval') ?? 'month',
                  form.int(duration, 'interval_count') ?? 1,
                )
              : addInterval(
                  phaseStart,
                  (prices[0]!.recurring as StripeObject).interval as string,
                  ((prices[0]!.recurring as StripeObject).interval_count as number) * (iterations ?? 1),
                ));
          start = endDate;
          return phase(
            prices.map((p) => p.id as string),
            phaseStart,
            endDate,
            sub,
            form.string(entry, 'proration_behavior'),
            mergeMetadata({}, entry),
          );
        });
      }
      schedule.metadata = mergeMetadata(schedule.metadata as Record<string, string>, params);
      store.emit('subscription_schedule.updated', schedule);
      return schedule;
    },
    releaseSchedule(id: string) {
      const schedule = store.get('subscription_schedule', id, 'schedule');
      if (schedule.status !== 'active')
        throw invalidRequest(
          `You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`,
        );
      return release(schedule);
    },
    cancelSchedule(id: string) {
      const schedule = store.get('subscription_schedule', id, 'schedule');
      const sub = store.get('subscription', schedule.subscription as string);
      end(sub, 'cancellation_requested');
      return schedule;
    },
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

  function phase(
    prices: string[],
    start: number,
    endDate: number,
    sub: StripeObject,
    prorationBehavior?: string,
    metadata: Record<string, string> = {},
  ) {
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      collection_method: null,
      currency: sub.currency,
      default_payment_method: null,
      description: null,
      discounts: [],
      end_date: endDate,
      invoice_settings: null,
      items: prices.map((price) => ({
        billing_thresholds: null,
        discounts: [],
        metadata: {},
        plan: price,
        price,
        quantity: 1,
        tax_rates: [],
      })),
      metadata,
      on_behalf_of: null,
      proration_behavior: prorationBehavior ?? 'create_prorations',
      start_date: start,
      transfer_data: null,
      trial_end: null,
    };
  }
}
