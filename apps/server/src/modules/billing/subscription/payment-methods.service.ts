import type { PaymentMethod } from '@omnichat/contracts';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { callStripe, isMissing, stripeFailure, stripeForBilling } from '../stripe-errors.ts';
import { ensureCustomer, updateAccount } from './billing-account.ts';

/** An organization's cards, kept by Stripe on its customer; we keep only which one is the default. */
export function createPaymentMethodsService(ctx: AppContext) {
  const toDto = (method: Stripe.PaymentMethod, defaultId: string | null): PaymentMethod => ({
    id: method.id,
    brand: method.card?.brand ?? method.type,
    last4: method.card?.last4 ?? '',
    exp_month: method.card?.exp_month ?? 0,
    exp_year: method.card?.exp_year ?? 0,
    is_default: method.id === defaultId,
  });

  /** The card by id, only when it is attached to this organization's customer (another's is "not found"). */
  async function ownCard(stripe: Stripe, customerId: string, id: string) {
    const method = await stripe.paymentMethods.retrieve(id).catch((error: unknown) => {
      throw isMissing(error) ? notFound() : stripeFailure(error);
    });
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    if (owner !== customerId) throw notFound();
    return method;
  }

  async function listCards(stripe: Stripe, customerId: string) {
    const list = await callStripe(() => stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 }));
    return list.data;
  }

  async function makeDefault(stripe: Stripe, workspaceId: string, customerId: string, id: string) {
    await callStripe(() => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: id } }));
    return updateAccount(ctx, workspaceId, { defaultPaymentMethodId: id });
  }

  return {
    async setupIntent(workspaceId: string, userId: string) {
      const stripe = await stripeForBilling(ctx);
      const account = await ensureCustomer(ctx, stripe, workspaceId, userId);
      const intent = await callStripe(() =>
        stripe.setupIntents.create({
          customer: account.stripeCustomerId,
          usage: 'off_session',
          metadata: { workspace_id: workspaceId },
        }),
      );
      const keys = await ctx.settings.values(['stripe.publishable_key']);
      return { client_secret: intent.client_secret ?? '', publishable_key: keys['stripe.publishable_key'] };
    },

    /** Keeps a card Stripe.js confirmed: the first one becomes the default. */
    async add(workspaceId: string, userId: string, paymentMethodId: string): Promise<PaymentMethod> {
      const stripe = await stripeForBilling(ctx);
      const account = await ensureCustomer(ctx, stripe, workspaceId, userId);
      const method = await ownCard(stripe, account.stripeCustomerId, paymentMethodId);
      let defaultId = account.defaultPaymentMethodId;
      if (!defaultId) {
        defaultId = method.id;
        await makeDefault(stripe, workspaceId, account.stripeCustomerId, method.id);
      }
      return toDto(method, defaultId);
    },

    async list(workspaceId: string, userId: string): Promise<PaymentMethod[]> {
      const stripe = await stripeForBilling(ctx);
      const account = await ensureCustomer(ctx, stripe, workspaceId, userId);
      const cards = await listCards(stripe, account.stripeCustomerId);
      return cards.map((card) => toDto(card, account.defaultPaymentMethodId));
    },

    async setDefault(workspaceId: string, userId: string, id: string): Promise<PaymentMethod> {
      const stripe = await stripeForBilling(ctx);
      const account = await ensureCustomer(ctx, stripe, workspaceId, userId);
      const method = await ownCard(stripe, account.stripeCustomerId, id);
      await makeDefault(stripe, workspaceId, account.stripeCustomerId, method.id);
      return toDto(method, method.id);
    },

    /** Removes a card; the last one stays while subscribed. Removing the default makes another card the default. */
    async remove(workspaceId: string, userId: string, id: string) {
      const stripe = await stripeForBilling(ctx);
      const account = await ensureCustomer(ctx, stripe, workspaceId, userId);
      await ownCard(stripe, account.stripeCustomerId, id);
      const others = (await listCards(stripe, account.stripeCustomerId)).filter((card) => card.id !== id);
      const subscribed = ['active', 'past_due', 'cancelled'].includes(account.status);
      if (!others.length && subscribed) throw new AppError(409, 'payment_method_last_one');
      await callStripe(() => stripe.paymentMethods.detach(id));
      if (account.defaultPaymentMethodId === id) {
        const next = others[0];
        if (next) await makeDefault(stripe, workspaceId, account.stripeCustomerId, next.id);
        else await updateAccount(ctx, workspaceId, { defaultPaymentMethodId: null });
      }
      return { id };
    },
  };
}
