import {
  adminBillingEndpoints,
  type BillingCycle,
  type CompBody,
  type PageInfo,
  type PlanBody,
  paymentMethodEndpoints,
  planEndpoints,
  subscriptionEndpoints,
  type Wallet,
  type WalletAdjustmentBody,
  type WalletTransactionType,
  walletEndpoints,
  walletPushSchema,
} from '@omnichat/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import { queryKeys } from '../../app/queries.ts';
import { useSession } from '../../app/session/use-session.ts';
import { useSocketAction } from '../../app/socket/index.ts';
import { formatCents } from '../../ui/numeric-text.ts';

/** Integer cents as $D.CC (SPEC 2). */
export const dollars = (cents: number) => `$${formatCents(cents)}`;

/** A unix-seconds date as YYYY-MM-DD. */
export const day = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '-';

/** The server's refusal to charge without a card (shown with a link to add one). */
export const PAYMENT_METHOD_REQUIRED = 'payment method required before subscribing or topping up';

export const billingKeys = {
  wallet: (workspaceId: string | null) => ['wallet', workspaceId] as const,
  transactions: (workspaceId: string | null) => ['wallet-transactions', workspaceId] as const,
  paymentMethods: (workspaceId: string | null) => ['payment-methods', workspaceId] as const,
  invoices: (workspaceId: string | null) => ['invoices', workspaceId] as const,
  publicPlans: ['public-plans'] as const,
  adminPlans: ['admin', 'plans'] as const,
  organizations: ['admin', 'billing-organizations'] as const,
};

export function usePublicPlans() {
  return useQuery({
    queryKey: billingKeys.publicPlans,
    queryFn: () => http.call(planEndpoints.public, { silent: true }),
  });
}

export function useWallet() {
  const { workspaceId } = useSession();
  return useQuery({ queryKey: billingKeys.wallet(workspaceId), queryFn: () => http.call(walletEndpoints.get) });
}

export function useTransactions(type: WalletTransactionType | undefined, page: number, size: number) {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: [...billingKeys.transactions(workspaceId), type ?? 'all', page, size],
    placeholderData: (previous) => previous,
    queryFn: () => http.callEnvelope(walletEndpoints.transactions, { query: { type, page, size } }),
  });
}

/** Invalidates the wallet (balance and transactions) after a change. */
function useRefreshWallet() {
  const client = useQueryClient();
  const { workspaceId } = useSession();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: billingKeys.wallet(workspaceId) }),
      client.invalidateQueries({ queryKey: billingKeys.transactions(workspaceId) }),
    ]);
}

/**
 * Follows the `wallet.changed` push (a top-up Stripe's webhook credited, an operator's adjustment, a broadcast's
 * charges): the pushed balance shows at once, and the wallet and its transactions are read again.
 */
export function useWalletPushes() {
  const client = useQueryClient();
  const { workspaceId } = useSession();
  const refresh = useRefreshWallet();
  useSocketAction('wallet.changed', (message) => {
    const push = walletPushSchema.safeParse(message.data);
    if (!push.success) return;
    client.setQueryData<Wallet>(billingKeys.wallet(workspaceId), (current) =>
      current ? { ...current, ...push.data } : current,
    );
    void refresh();
  });
}

export function useTopUp() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (amountCents: number) =>
      http.call(walletEndpoints.topUp, { body: { amount_cents: amountCents }, silent: true }),
    onSuccess: refresh,
  });
}

export function useWalletSettings() {
  const refresh = useRefreshWallet();
  return useMutation({
    mutationFn: (threshold: number | null) =>
      http.call(walletEndpoints.settings, { body: { low_balance_threshold_cents: threshold } }),
    onSuccess: refresh,
  });
}

/** Subscription actions: each answers the new subscription, which replaces the cached one (menus follow). */
export function useSubscriptionActions() {
  const client = useQueryClient();
  const { workspaceId } = useSession();
  const key = queryKeys.subscription(workspaceId);
  const done = (subscription: unknown) => {
    client.setQueryData(key, subscription);
    void client.invalidateQueries({ queryKey: billingKeys.invoices(workspaceId) });
  };
  return {
    change: useMutation({
      mutationFn: (body: { plan_tag: string; billing_cycle: BillingCycle }) =>
        http.call(subscriptionEndpoints.change, { body, silent: true }),
      onSuccess: done,
    }),
    cancel: useMutation({ mutationFn: () => http.call(subscriptionEndpoints.cancel), onSuccess: done }),
    resume: useMutation({ mutationFn: () => http.call(subscriptionEndpoints.resume), onSuccess: done }),
    withdraw: useMutation({
      mutationFn: () => http.call(subscriptionEndpoints.withdrawDowngrade),
      onSuccess: done,
    }),
  };
}

export function useInvoices() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: billingKeys.invoices(workspaceId),
    queryFn: () => http.call(subscriptionEndpoints.invoices),
  });
}

export function usePaymentMethods() {
  const { workspaceId } = useSession();
  return useQuery({
    queryKey: billingKeys.paymentMethods(workspaceId),
    queryFn: () => http.call(paymentMethodEndpoints.list),
  });
}

export function useRefreshPaymentMethods() {
  const client = useQueryClient();
  const { workspaceId } = useSession();
  return () => client.invalidateQueries({ queryKey: billingKeys.paymentMethods(workspaceId) });
}

export const setDefaultPaymentMethod = (id: string) => http.call(paymentMethodEndpoints.setDefault, { params: { id } });
export const removePaymentMethod = (id: string) =>
  http.call(paymentMethodEndpoints.remove, { params: { id }, silent: true });
export const createSetupIntent = () => http.call(paymentMethodEndpoints.setupIntent, { silent: true });
export const addPaymentMethod = (paymentMethodId: string) =>
  http.call(paymentMethodEndpoints.add, { body: { payment_method_id: paymentMethodId }, silent: true });

// admin: plans
export const listPlans = () => http.call(planEndpoints.list);
export const createPlan = (body: PlanBody) => http.call(planEndpoints.create, { body, inlineFields: true });
export const updatePlan = (id: string, body: PlanBody) =>
  http.call(planEndpoints.update, { params: { id }, body, inlineFields: true });
export const deletePlan = (id: string) => http.call(planEndpoints.remove, { params: { id }, silent: true });

// admin: the operator's view of organizations
export async function listBillingOrganizations(query: { keyword: string; page: number; size: number }) {
  const { data, page } = await http.callEnvelope(adminBillingEndpoints.organizations, {
    query: { keyword: query.keyword || undefined, page: query.page, size: query.size },
  });
  return { items: data, page: page as PageInfo | undefined };
}
export const adjustWallet = (id: string, body: WalletAdjustmentBody) =>
  http.call(adminBillingEndpoints.adjustWallet, { params: { id }, body, silent: true });
export const organizationHistory = (id: string) =>
  http.call(adminBillingEndpoints.history, { params: { id }, query: { page: 1, size: 50 } });
export const grantPlan = (id: string, body: CompBody) =>
  http.call(adminBillingEndpoints.comp, { params: { id }, body, silent: true });
export const extendTrial = (id: string, trialEnd: number) =>
  http.call(adminBillingEndpoints.trial, { params: { id }, body: { trial_end: trialEnd }, silent: true });
