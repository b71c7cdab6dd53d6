import { noSuch, type StripeObject, stripeId } from './stripe-api-wire.ts';

/*
 * The fake Stripe's object store and its events. Shapes follow the `stripe` SDK's type definitions for API version
 * 2026-10-28 (node_modules/stripe/esm/resources/*.d.ts).
 */

export const API_VERSION = '2026-10-28.endive';

/** how Stripe names each kind in "No such …" */
const LABELS: Record<string, string> = {
  payment_method: 'PaymentMethod',
  setup_intent: 'setupintent',
  payment_intent: 'payment_intent',
  subscription_schedule: 'subscription schedule',
};

export type StripeEvent = StripeObject & {
  id: string;
  type: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: StripeObject };
};

export function createStore() {
  let clock = Math.floor(Date.now() / 1000);
  const objects = new Map<string, StripeObject>();
  const events: StripeEvent[] = [];
  const declining = new Set<string>();
  const listeners: ((event: StripeEvent) => void)[] = [];
  const store = {
    objects,
    events,
    /** the request an event comes from (`event.request`), null for what the clock does */
    request: null as { id: string; idempotency_key: string | null } | null,
    origin: '',
    now: () => clock,
    setNow(unix: number) {
      clock = Math.max(clock, Math.floor(unix));
    },
    put<T extends StripeObject>(object: T): T {
      objects.set(object.id as string, object);
      return object;
    },
    /** the object of that kind, else Stripe's 404 `No such <kind>: '<id>'` */
    get(object: string, id: string, param = 'id'): StripeObject {
      const found = objects.get(id);
      if (!found || found.object !== object) throw noSuch(LABELS[object] ?? object, id, param);
      return found;
    },
    all: (object: string, where: (o: StripeObject) => boolean = () => true) =>
      [...objects.values()].filter((o) => o.object === object && where(o)),
    declines: (paymentMethodId: string | null) => !paymentMethodId || declining.has(paymentMethodId),
    setDeclines(paymentMethodId: string, yes: boolean) {
      if (yes) declining.add(paymentMethodId);
      else declining.delete(paymentMethodId);
    },
    onEvent: (listener: (event: StripeEvent) => void) => listeners.push(listener),
    emit(type: string, object: StripeObject, previous?: StripeObject) {
      const event: StripeEvent = {
        id: stripeId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: clock,
        data: { object: structuredClone(object), ...(previous && { previous_attributes: structuredClone(previous) }) },
        livemode: false,
        pending_webhooks: 1,
        request: store.request ?? { id: null, idempotency_key: null },
        type,
      };
      events.push(event);
      for (const listener of listeners) listener(event);
      return event;
    },
  };
  return store;
}
export type StripeStore = ReturnType<typeof createStore>;

/** The top-level fields whose values differ, with their old values (an event's `previous_attributes`). */
export function changed(before: StripeObject, after: StripeObject): StripeObject {
  return Object.fromEntries(
    Object.entries(before).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(after[key])),
  );
}
