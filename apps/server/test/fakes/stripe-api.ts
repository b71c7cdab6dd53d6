import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billing } from './stripe-api-billing.ts';
import { catalogue } from './stripe-api-catalogue.ts';
import { payments, type TestCard } from './stripe-api-payments.ts';
import { API_VERSION, createStore, type StripeEvent } from './stripe-api-store.ts';
import {
  expand,
  type Form,
  form,
  invalidRequest,
  listOf,
  parseForm,
  StripeFailure,
  type StripeObject,
  signatureHeader,
  stripeId,
} from './stripe-api-wire.ts';

/*
 * Stripe's API, locally, for tests of billing: the real `stripe` SDK talks to it with
 * `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })` (STRIPE_API_URL = `fake.url`).
 *
 * Wire format as Stripe documents it and the SDK (v23, API 2026-10-28) sends and reads it: form-encoded bodies with
 * bracket keys (arrays as `expand[0]=` or `expand[]=`), `Authorization: Bearer <secret key>` (only the keys it was
 * given), `Idempotency-Key` (the same key answers the first answer again, with `Idempotent-Replayed: true`; other
 * parameters under the same key → 400 `idempotency_error`), list objects `{ object: 'list', data, has_more, url }`,
 * `expand[]`, errors `{ error: { type, code, decline_code, message, param } }` with 400 invalid_request_error,
 * 401 for a bad key, 402 card_error ("Your card was declined.", the PaymentIntent in `error.payment_intent`),
 * 404 resource_missing.
 *
 * Events are kept (`events()`) and, once told where (`deliverTo(url, secret)`), posted one after another as Stripe
 * does, signed `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<payload>">` with the wall clock (the SDK's
 * `constructEvent` checks it against the wall clock); `created` on objects and events is the fake's own clock, which
 * the test moves (`advance`, `advanceTo`) to renew subscriptions, end trials and cancellations, apply a schedule's
 * next phase and expire pending updates. Test cards: see `TestCard`.
 */

export interface StripeRequest {
  method: string;
  /** e.g. `/v1/customers/cus_123` */
  path: string;
  /** query and body parameters, parsed from their bracket keys */
  params: Form;
  headers: IncomingHttpHeaders;
  apiKey: string | null;
  idempotencyKey: string | null;
  raw: string;
}
export interface StripeMatch {
  method?: string;
  path?: string | RegExp;
}
/**
 * A failure to answer instead of the real one: the status and the `error` fields (`retry` is Stripe's
 * `Stripe-Should-Retry` header, false unless told: Stripe replays its own 500s under an idempotency key), a
 * connection dropped before Stripe acts (`network`), or one dropped after Stripe did the request (`answer-lost`: the
 * request takes effect and its answer, kept under its idempotency key, never arrives).
 */
export type StripeFailureSpec =
  | {
      status: number;
      type?: string;
      code?: string;
      message?: string;
      decline_code?: string;
      param?: string;
      retry?: boolean;
    }
  | 'network'
  | 'answer-lost';
export interface StripeDelivery {
  event: string;
  type: string;
  url: string;
  status: number | null;
  error?: string;
}

type Handler = (params: Form, match: string[]) => StripeObject;

export async function startFakeStripe(
  options: { keys?: string[]; port?: number; afterFailedRetries?: 'canceled' | 'unpaid' } = {},
) {
  const keys = new Set(options.keys ?? ['sk_test_fake_stripe_key']);
  const store = createStore();
  const shop = catalogue(store);
  const pay = payments(store);
  const bill = billing(store, pay, { afterFailedRetries: options.afterFailedRetries ?? 'canceled' });
  const requests: StripeRequest[] = [];
  const failures: { match: StripeMatch; failure: StripeFailureSpec; times: number }[] = [];
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  const endpoints: { url: string; secret: string; automatic: boolean }[] = [];
  const deliveries: StripeDelivery[] = [];
  let chain: Promise<void> = Promise.resolve();

  const get =
    (object: string) =>
    (_: Form, [id]: string[]) =>
      store.get(object, id!);
  const routes: [string, RegExp, Handler][] = [
    ['GET', /^\/v1\/balance$/, () => balance()],
    [
      'GET',
      /^\/v1\/account$/,
      () => ({
        id: 'acct_fakestripe0001',
        object: 'account',
        charges_enabled: true,
        country: 'US',
        default_currency: 'usd',
        details_submitted: true,
        payouts_enabled: true,
        type: 'standard',
      }),
    ],
    ['POST', /^\/v1\/products$/, (p) => shop.createProduct(p)],
    ['GET', /^\/v1\/products$/, (q) => listOf(store.all('product'), q, '/v1/products')],
    ['GET', /^\/v1\/products\/([^/]+)$/, get('product')],
    ['POST', /^\/v1\/products\/([^/]+)$/, (p, [id]) => shop.updateProduct(id!, p)],
    ['POST', /^\/v1\/prices$/, (p) => shop.createPrice(p)],
    ['GET', /^\/v1\/prices$/, (q) => shop.listPrices(q)],
    ['GET', /^\/v1\/prices\/([^/]+)$/, get('price')],
    ['POST', /^\/v1\/prices\/([^/]+)$/, (p, [id]) => shop.updatePrice(id!, p)],
    ['POST', /^\/v1\/customers$/, (p) => shop.createCustomer(p)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, get('customer')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (p, [id]) => shop.updateCustomer(id!, p)],
    ['GET', /^\/v1\/customers\/([^/]+)\/payment_methods$/, (q, [id]) => pay.listMethods(q, id)],
    ['POST', /^\/v1\/setup_intents$/, (p) => pay.createSetupIntent(p)],
    ['GET', /^\/v1\/setup_intents\/([^/]+)$/, get('setup_intent')],
    ['POST', /^\/v1\/setup_intents\/([^/]+)\/confirm$/, (p, [id]) => pay.confirmSetupIntent(id!, p)],
    ['GET', /^\/v1\/payment_methods$/, (q) => pay.listMethods(q)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, get('payment_method')],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (p, [id]) => pay.attach(id!, requiredString(p, 'customer'))],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, (_, [id]) => pay.detach(id!)],
    ['POST', /^\/v1\/payment_intents$/, (p) => pay.createPaymentIntent(p)],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, get('payment_intent')],
    ['POST', /^\/v1\/subscriptions$/, (p) => bill.createSubscription(p)],
    ['GET', /^\/v1\/subscriptions$/, (q) => bill.listSubscriptions(q)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, get('subscription')],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (p, [id]) => bill.updateSubscription(id!, p)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (_, [id]) => bill.cancelSubscription(id!)],
    ['POST', /^\/v1\/subscription_schedules$/, (p) => bill.createSchedule(p)],
    ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, get('subscription_schedule')],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)$/, (p, [id]) => bill.updateSchedule(id!, p)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/release$/, (_, [id]) => bill.releaseSchedule(id!)],
    ['POST', /^\/v1\/subscription_schedules\/([^/]+)\/cancel$/, (_, [id]) => bill.cancelSchedule(id!)],
    ['GET', /^\/v1\/invoices$/, (q) => bill.listInvoices(q)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, get('invoice')],
    ['POST', /^\/v1\/invoices\/([^/]+)\/pay$/, (_, [id]) => bill.payInvoice(id!)],
    [
      'GET',
      /^\/v1\/events$/,
      (q) =>
        listOf(
          store.events.filter((e) => !form.string(q, 'type') || e.type === form.string(q, 'type')),
          q,
          '/v1/events',
        ),
    ],
    [
      'GET',
      /^\/v1\/events\/([^/]+)$/,
      (_, [id]) =>
        store.events.find((e) => e.id === id) ??
        fail(invalidRequest(`No such event: '${id}'`, 'id', 'resource_missing')),
    ],
  ];
  const requiredString = (params: Form, name: string) => {
    const value = form.string(params, name);
    if (!value) throw invalidRequest(`Missing required param: ${name}.`, name, 'parameter_missing');
    return value;
  };
  const fail = (error: StripeFailure): never => {
    throw error;
  };
  const balance = () => ({
    object: 'balance',
    available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    livemode: false,
    pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
  });

  function send(
    response: ServerResponse,
    status: number,
    body: string,
    requestId: string,
    extra: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': API_VERSION,
      ...extra,
    });
    response.end(body);
  }
  const errorJson = (error: StripeObject, requestId: string) =>
    JSON.stringify({ error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } });

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const url = new URL(incoming.url ?? '/', 'http://fake-stripe');
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = (incoming.method ?? 'GET').toUpperCase();
    const requestId = stripeId('req', 14);

    // Stripe's hosted invoice page, public as Stripe's is
    const hosted = /^\/invoices\/([^/]+)(\/pdf)?$/.exec(url.pathname);
    if (method === 'GET' && hosted) {
      const invoice = store.objects.get(hosted[1]!);
      if (!invoice || invoice.object !== 'invoice') return send(response, 404, '{}', requestId);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(
        `<!doctype html><title>Invoice ${invoice.number}</title><h1>Invoice ${invoice.number}</h1><p>${invoice.status} · ${((invoice.amount_paid as number) / 100).toFixed(2)} ${String(invoice.currency).toUpperCase()}</p>`,
      );
    }

    let params: Form;
    const apiKey = /^Bearer\s+(\S+)\s*$/i.exec(incoming.headers.authorization ?? '')?.[1] ?? null;
    const idempotencyKey = (incoming.headers['idempotency-key'] as string | undefined) ?? null;
    try {
      params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : raw);
    } catch (error) {
      return send(response, 400, errorJson((error as StripeFailure).error, requestId), requestId);
    }
    const request: StripeRequest = {
      method,
      path: url.pathname,
      params,
      headers: incoming.headers,
      apiKey,
      idempotencyKey,
      raw,
    };
    requests.push(request);

    const failure = failures.find(
      (f) =>
        f.times > 0 &&
        (!f.match.method || f.match.method.toUpperCase() === method) &&
        (!f.match.path ||
          (typeof f.match.path === 'string' ? f.match.path === url.pathname : f.match.path.test(url.pathname))),
    );
    if (failure) {
      if (--failure.times === 0) failures.splice(failures.indexOf(failure), 1);
      if (failure.failure === 'network') return response.destroy();
    }
    if (failure && failure.failure !== 'answer-lost') {
      const { status, retry = false, ...fields } = failure.failure as Exclude<StripeFailureSpec, string>;
      const type =
        fields.type ?? (status === 402 ? 'card_error' : status >= 500 ? 'api_error' : 'invalid_request_error');
      const error = { message: 'An unknown error occurred', ...fields, type };
      return send(response, status, errorJson(error, requestId), requestId, { 'stripe-should-retry': String(retry) });
    }
    const answerLost = failure?.failure === 'answer-lost';

    if (!apiKey)
      return send(
        response,
        401,
        errorJson(
          {
            type: 'invalid_request_error',
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://docs.stripe.com/api#authentication for details, or we can help at https://support.stripe.com/.",
          },
          requestId,
        ),
        requestId,
      );
    if (!keys.has(apiKey))
      return send(
        response,
        401,
        errorJson(
          {
            type: 'invalid_request_error',
            code: 'api_key_invalid',
            message: `Invalid API Key provided: ${apiKey.slice(0, 8)}${'*'.repeat(Math.max(apiKey.length - 12, 0))}${apiKey.slice(-4)}`,
          },
          requestId,
        ),
        requestId,
      );

    const slot = method === 'POST' && idempotencyKey ? `${apiKey} ${idempotencyKey}` : null;
    const saved = slot ? idempotent.get(slot) : undefined;
    if (saved) {
      if (saved.request !== `${method} ${url.pathname} ${raw}`)
        return send(
          response,
          400,
          errorJson(
            {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
            requestId,
          ),
          requestId,
        );
      return send(response, saved.status, saved.body, requestId, {
        'idempotent-replayed': 'true',
        'idempotency-key': idempotencyKey!,
      });
    }

    let status = 200;
    let body: string;
    store.request = { id: requestId, idempotency_key: idempotencyKey };
    try {
      const route = routes.find(([m, pattern]) => m === method && pattern.test(url.pathname));
      if (!route)
        throw new StripeFailure(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
        });
      const match = route[1].exec(url.pathname)!.slice(1).map(decodeURIComponent);
      const answer = expand(structuredClone(route[2](params, match)), form.strings(params, 'expand'), (id) =>
        store.objects.get(id),
      );
      body = JSON.stringify(answer);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = errorJson(error.error, requestId);
    } finally {
      store.request = null;
    }
    if (slot && status < 500) idempotent.set(slot, { request: `${method} ${url.pathname} ${raw}`, status, body });
    if (answerLost) return response.destroy();
    send(response, status, body, requestId, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  }

  /** Posts one event to one endpoint, signed as Stripe signs it. */
  async function post(event: StripeEvent, endpoint: { url: string; secret: string }) {
    const { payload, header } = signedEvent(event, endpoint.secret);
    const delivery: StripeDelivery = { event: event.id, type: event.type, url: endpoint.url, status: null };
    deliveries.push(delivery);
    try {
      const answer = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      delivery.status = answer.status;
      await answer.arrayBuffer();
    } catch (error) {
      delivery.error = String(error);
    }
  }
  const queue = (event: StripeEvent, targets = endpoints) => {
    for (const endpoint of targets) chain = chain.then(() => post(event, endpoint));
    return chain;
  };
  store.onEvent((event) => {
    queue(
      event,
      endpoints.filter((e) => e.automatic),
    );
  });

  /** `payload` (the JSON bytes Stripe posts) and its `Stripe-Signature` header, for `secret`. */
  function signedEvent(event: StripeObject, secret: string, timestamp?: number) {
    const payload = JSON.stringify(event, null, 2);
    const header = signatureHeader(payload, secret, timestamp);
    return {
      payload,
      header,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    };
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      send(response, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }), 'req_fake');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  store.origin = url;
  const copy = <T>(value: T): T => structuredClone(value);

  return {
    /** for STRIPE_API_URL */
    url,
    port,
    /** every API request received, oldest first */
    requests,
    /** `key` is accepted from now on */
    allowKey: (key: string) => keys.add(key),
    /** the next `times` requests matching answer this failure (before the key is checked) */
    failNext(match: StripeMatch, failure: StripeFailureSpec, times = 1) {
      failures.push({ match, failure, times });
    },
    /** any object by id, as the API would answer it */
    object: (id: string) => copy(store.objects.get(id)),
    /** every object of a kind (`subscription`, `payment_intent`, …), optionally those that match */
    objects: (kind: string, where?: (object: StripeObject) => boolean) => copy(store.all(kind, where)),
    /** the fake's clock, unix seconds */
    now: () => store.now(),
    /** moves the clock forward, doing what Stripe does on the way; resolves once the events are delivered */
    advanceTo(unix: number) {
      bill.advanceTo(unix);
      return settled();
    },
    advance(seconds: number) {
      bill.advanceTo(store.now() + seconds);
      return settled();
    },
    /** what Stripe.js and the customer's card do to a SetupIntent; answers the new PaymentMethod */
    async confirmSetupIntent(setupIntentId: string, card: TestCard = 'visa') {
      const intent = pay.completeSetup(setupIntentId, card);
      await settled();
      return copy(store.objects.get(intent.payment_method as string)!);
    },
    /** a card that from now on declines every charge (`true`) or works again */
    declineCard: (paymentMethodId: string, declines = true) => store.setDeclines(paymentMethodId, declines),
    /** the events so far, oldest first, optionally of one type */
    events: (type?: string) => copy(store.events.filter((e) => !type || e.type === type)),
    /** posts every event from now on to `url`, signed with `secret`; `automatic: false` waits for `deliver` */
    deliverTo(endpointUrl: string, secret: string, { automatic = true } = {}) {
      endpoints.push({ url: endpointUrl, secret, automatic });
    },
    /** posts these events (ids or events), in this order, to every endpoint: again, out of order, as told */
    deliver(events: (string | StripeObject)[]) {
      for (const given of events) {
        const id = typeof given === 'string' ? given : given.id;
        const event = store.events.find((e) => e.id === id);
        if (!event) throw new Error(`no event ${id}`);
        queue(event);
      }
      return settled();
    },
    signedEvent,
    /** the deliveries made, with the endpoint's answer */
    deliveries,
    /** resolves once every queued delivery is done */
    settled,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  function settled(): Promise<void> {
    const current = chain;
    return current.then(() => (chain === current ? undefined : settled()));
  }
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
