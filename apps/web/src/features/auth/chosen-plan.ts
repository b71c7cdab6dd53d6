import { planEndpoints } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { http } from '../../app/http/index.ts';

/** The example tiers of the public pricing page (shown while the server offers no plans of its own). */
export const PLAN_CHOICES = ['starter', 'growth'] as const;
export type BillingCycle = 'monthly' | 'yearly';
export interface ChosenPlan {
  /** an example tier or the tag of one of the operator's plans (`GET /public/v1/subscription-plans`) */
  plan: string;
  cycle: BillingCycle;
}

/** A plan tag's form (planBodySchema's tag): anything else in the address is not a plan. */
const TAG = /^[a-z0-9][a-z0-9_-]{0,48}$/;

const STORAGE_KEY = 'chosen_plan';

const parse = (plan: unknown, cycle: unknown): ChosenPlan | null =>
  typeof plan === 'string' && TAG.test(plan) ? { plan, cycle: cycle === 'yearly' ? 'yearly' : 'monthly' } : null;

/** The plan chosen on the pricing page and kept for after sign-up, when one was. */
export function storedPlan(): ChosenPlan | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ChosenPlan> | null;
    return value ? parse(value.plan, value.cycle) : null;
  } catch {
    return null;
  }
}

/**
 * The plan in the address (`?plan=growth&cycle=yearly`, from the pricing page's "Choose plan"), remembered so the
 * organization's subscription can start from it after the account is verified; else the one remembered before.
 */
export function useChosenPlan(): ChosenPlan | null {
  const [params] = useSearchParams();
  const fromAddress = useMemo(() => parse(params.get('plan'), params.get('cycle')), [params]);
  useEffect(() => {
    if (fromAddress) localStorage.setItem(STORAGE_KEY, JSON.stringify(fromAddress));
  }, [fromAddress]);
  return fromAddress ?? storedPlan();
}

/**
 * The chosen plan's name: an example tier's, or the operator's plan of that tag; null for a plan that does not
 * exist (or while the operator's plans load).
 */
export function useChosenPlanName(chosen: ChosenPlan | null): string | null {
  const { t } = useTranslation();
  const example = chosen !== null && (PLAN_CHOICES as readonly string[]).includes(chosen.plan);
  const plans = useQuery({
    queryKey: ['public-plans'],
    enabled: chosen !== null && !example,
    retry: false,
    queryFn: () => http.call(planEndpoints.public, { silent: true }),
  });
  if (!chosen) return null;
  if (example) return t(`auth.plan.${chosen.plan}`);
  return plans.data?.find((plan) => plan.tag === chosen.plan)?.name ?? null;
}
