import type { payments } from './stripe-api-payments.ts';
import { changed, type StripeStore } from './stripe-api-store.ts';
import {
  addInterval,
  type Form,
  form,
  invalidRequest,
  listOf,
  type StripeObject,
  stripeId,
} from './stripe-api-wire.ts';

/*
 * What a subscription's items are priced and billed by: its items' periods, its invoices, and paying them with the
 * subscription's (else the customer's) default card. Since API 2025-03-31 an invoice names its subscription in
 * `parent.subscription_details.subscription` and its PaymentIntents in `payments`.
 */

export type Line = { amount: number; description: string; price: StripeObject | null; start: number; end: number };

export function invoices(store: StripeStore, pay: ReturnType<typeof payments>) {
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

  return {
    pendingLines,
    pendingUpdates,
    itemsOf,
    periodOf,
    intervalEnd,
    recurringPrice,
    item,
    paymentMethodOf,
    attempt,
    invoice,
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
  };
}
