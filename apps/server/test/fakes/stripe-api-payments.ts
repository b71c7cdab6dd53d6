import { randomBytes } from 'node:crypto';
import type { StripeStore } from './stripe-api-store.ts';
import {
  type Form,
  form,
  invalidRequest,
  listOf,
  mergeMetadata,
  StripeFailure,
  type StripeObject,
  stripeId,
} from './stripe-api-wire.ts';

/* The fake Stripe's cards, SetupIntents and PaymentIntents. */

/** The test cards `confirmSetupIntent` knows: `declined` attaches fine and every charge on it fails (4000…0341). */
export type TestCard = 'visa' | 'mastercard' | 'declined';
const CARDS: Record<TestCard, { brand: string; last4: string }> = {
  visa: { brand: 'visa', last4: '4242' },
  mastercard: { brand: 'mastercard', last4: '4444' },
  declined: { brand: 'visa', last4: '0341' },
};
/** Stripe's test PaymentMethod tokens, for a server-side confirm or attach. */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: 'visa',
  pm_card_mastercard: 'mastercard',
  pm_card_chargeCustomerFail: 'declined',
};

/** Cards, SetupIntents and PaymentIntents. */
export function payments(store: StripeStore) {
  function newCard(card: TestCard, customer: string | null) {
    const { brand, last4 } = CARDS[card];
    const expYear = new Date(store.now() * 1000).getUTCFullYear() + 3;
    const method = store.put({
      id: stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: brand,
        exp_month: 12,
        exp_year: expYear,
        fingerprint: randomBytes(8).toString('base64url'),
        funding: 'credit',
        generated_from: null,
        last4,
        networks: { available: [brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: store.now(),
      customer,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    });
    if (card === 'declined') store.setDeclines(method.id, true);
    if (customer) store.emit('payment_method.attached', method);
    return method;
  }
  /** a test token (`pm_card_visa`) becomes a new card, as Stripe does; any other id must exist */
  const methodFor = (id: string, param: string) =>
    TEST_PAYMENT_METHODS[id] ? newCard(TEST_PAYMENT_METHODS[id], null) : store.get('payment_method', id, param);

  function attach(id: string, customerId: string) {
    const method = methodFor(id, 'payment_method');
    store.get('customer', customerId, 'customer');
    if (method.customer && method.customer !== customerId)
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      );
    if (method.customer === customerId) return method;
    method.customer = customerId;
    store.emit('payment_method.attached', method);
    return method;
  }

  function confirmSetup(intent: StripeObject, method: StripeObject) {
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      throw invalidRequest(
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    if (intent.customer) attach(method.id as string, intent.customer as string);
    intent.payment_method = method.id;
    intent.status = 'succeeded';
    intent.latest_attempt = stripeId('setatt');
    store.emit('setup_intent.succeeded', intent);
    return intent;
  }

  /** Charges a card at once: the PaymentIntent `succeeded`, or `requires_payment_method` with the decline. */
  function charge(fields: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string | null;
    metadata?: Record<string, string>;
    description?: string | null;
    offSession?: boolean;
    confirm?: boolean;
  }) {
    const intent: StripeObject = store.put({
      id: stripeId('pi'),
      object: 'payment_intent',
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: '',
      confirmation_method: 'automatic',
      created: store.now(),
      currency: fields.currency,
      customer: fields.customer,
      customer_account: null,
      description: fields.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: fields.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: fields.paymentMethod,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      processing: null,
      receipt_email: null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      status: 'requires_confirmation',
    });
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('base64url')}`;
    store.emit('payment_intent.created', intent);
    if (fields.confirm === false) {
      intent.status = fields.paymentMethod ? 'requires_confirmation' : 'requires_payment_method';
      return intent;
    }
    const chargeId = stripeId('ch');
    if (store.declines(fields.paymentMethod)) {
      const method = fields.paymentMethod ? store.objects.get(fields.paymentMethod) : undefined;
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.latest_charge = chargeId;
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        doc_url: 'https://docs.stripe.com/error-codes/card-declined',
        message: 'Your card was declined.',
        charge: chargeId,
        payment_method: method ? structuredClone(method) : null,
      };
      store.emit('payment_intent.payment_failed', intent);
    } else {
      intent.status = 'succeeded';
      intent.amount_received = fields.amount;
      intent.latest_charge = chargeId;
      store.emit('payment_intent.succeeded', intent);
    }
    return intent;
  }

  /** Stripe's 402 for a declined PaymentIntent: the error carries the intent and the card. */
  const declined = (intent: StripeObject) => {
    const error = intent.last_payment_error as StripeObject;
    return new StripeFailure(402, { ...error, payment_intent: structuredClone(intent) });
  };

  return {
    newCard,
    charge,
    declined,
    attach,
    detach(id: string) {
      const method = store.get('payment_method', id);
      if (!method.customer)
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          undefined,
          'payment_method_unexpected_state',
        );
      const customer = store.objects.get(method.customer as string);
      const settings = customer?.invoice_settings as StripeObject | undefined;
      if (settings?.default_payment_method === id) settings.default_payment_method = null;
      const previous = { customer: method.customer };
      method.customer = null;
      store.emit('payment_method.detached', method, previous);
      return method;
    },
    listMethods(query: Form, customerId?: string) {
      const customer = customerId ?? form.string(query, 'customer');
      if (customer) store.get('customer', customer, 'customer');
      const type = form.string(query, 'type');
      const methods = store.all('payment_method', (m) => m.customer === customer && (!type || m.type === type));
      return listOf(methods, query, customerId ? `/v1/customers/${customerId}/payment_methods` : '/v1/payment_methods');
    },
    createSetupIntent(params: Form) {
      form.only(params, [
        'customer',
        'payment_method_types',
        'usage',
        'metadata',
        'description',
        'automatic_payment_methods',
        'payment_method',
        'confirm',
      ]);
      const customer = form.string(params, 'customer') ?? null;
      if (customer) store.get('customer', customer, 'customer');
      const id = stripeId('seti');
      const intent = store.put({
        id,
        object: 'setup_intent',
        application: null,
        automatic_payment_methods: null,
        cancellation_reason: null,
        client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
        created: store.now(),
        customer,
        description: form.string(params, 'description') ?? null,
        flow_directions: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: mergeMetadata({}, params),
        next_action: null,
        on_behalf_of: null,
        payment_method: null,
        payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
        payment_method_types: form.strings(params, 'payment_method_types').length
          ? form.strings(params, 'payment_method_types')
          : ['card'],
        single_use_mandate: null,
        status: 'requires_payment_method',
        usage: form.string(params, 'usage') ?? 'off_session',
      });
      store.emit('setup_intent.created', intent);
      const method = form.string(params, 'payment_method');
      if (method && form.bool(params, 'confirm')) confirmSetup(intent, methodFor(method, 'payment_method'));
      return intent;
    },
    /** `POST /v1/setup_intents/{id}/confirm` with a card (a test token or a `pm_`) */
    confirmSetupIntent(id: string, params: Form) {
      const intent = store.get('setup_intent', id, 'intent');
      const method = form.string(params, 'payment_method');
      if (!method) throw invalidRequest('You must provide a `payment_method`.', 'payment_method');
      return confirmSetup(intent, methodFor(method, 'payment_method'));
    },
    /** What Stripe.js and the card do for a SetupIntent: a new card, attached, the intent succeeded. */
    completeSetup(id: string, card: TestCard) {
      const intent = store.get('setup_intent', id, 'intent');
      return confirmSetup(intent, newCard(card, null));
    },
    createPaymentIntent(params: Form) {
      form.only(params, [
        'amount',
        'currency',
        'customer',
        'payment_method',
        'off_session',
        'confirm',
        'metadata',
        'description',
        'payment_method_types',
        'receipt_email',
        'setup_future_usage',
        'statement_descriptor_suffix',
      ]);
      const amount = form.int(params, 'amount');
      if (amount === undefined) throw invalidRequest('Missing required param: amount.', 'amount', 'parameter_missing');
      const currency = form.string(params, 'currency')?.toLowerCase();
      if (!currency) throw invalidRequest('Missing required param: currency.', 'currency', 'parameter_missing');
      if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
      const customer = form.string(params, 'customer') ?? null;
      if (customer) store.get('customer', customer, 'customer');
      const methodId = form.string(params, 'payment_method');
      const method = methodId ? methodFor(methodId, 'payment_method') : null;
      if (method && customer && method.customer !== customer)
        throw invalidRequest(
          `The provided PaymentMethod ${method.id} does not belong to the Customer ${customer}.`,
          'payment_method',
        );
      const metadata = mergeMetadata({}, params);
      const description = form.string(params, 'description') ?? null;
      if (!form.bool(params, 'confirm')) {
        const paymentMethod = (method?.id as string | undefined) ?? null;
        return charge({ amount, currency, customer, paymentMethod, metadata, description, confirm: false });
      }
      if (!method)
        throw invalidRequest(
          'You cannot confirm this PaymentIntent because it\u2019s missing a payment method.',
          'payment_method',
          'payment_intent_unexpected_state',
        );
      const intent = charge({
        amount,
        currency,
        customer,
        paymentMethod: method.id as string,
        metadata,
        description,
        offSession: form.bool(params, 'off_session'),
      });
      if (intent.status !== 'succeeded') throw declined(intent);
      return intent;
    },
  };
}
