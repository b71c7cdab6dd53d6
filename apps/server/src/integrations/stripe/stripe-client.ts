import Stripe from 'stripe';

/**
 * Stripe's official SDK, pointed at STRIPE_API_URL (a local stand-in in tests) and opened with the secret key of the
 * system settings, which an operator may change at any time: each call reads the key afresh, and a client is made
 * once per key. Every Stripe call of the app goes through here.
 */
export interface StripeGateway {
  /** the SDK for the key set now, or null while no secret key is set (billing cannot run) */
  client(): Promise<Stripe | null>;
  /** the SDK for a given key (the settings page's "test connection" before saving) */
  withKey(secretKey: string): Stripe;
  /** verifies a webhook delivery's `Stripe-Signature` on its raw bytes and answers the event (throws when it fails) */
  verifyEvent(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event;
}

export function createStripeGateway(apiUrl: string, secretKey: () => Promise<string>): StripeGateway {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  const clients = new Map<string, Stripe>();
  const withKey = (key: string) => {
    let client = clients.get(key);
    if (!client) {
      client = new Stripe(key, {
        host: url.hostname,
        port,
        protocol,
        maxNetworkRetries: 2,
        timeout: 20_000,
        appInfo: { name: 'OmniChat' },
      });
      if (clients.size > 4) clients.clear();
      clients.set(key, client);
    }
    return client;
  };
  const verifier = new Stripe('sk_unused_for_verification');
  return {
    async client() {
      const key = (await secretKey()).trim();
      return key ? withKey(key) : null;
    },
    withKey,
    verifyEvent: (rawBody, signature, secret) => verifier.webhooks.constructEvent(rawBody, signature, secret),
  };
}
