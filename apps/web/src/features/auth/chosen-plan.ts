import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The paid tiers of the public pricing page a visitor can choose before signing up (`/auth/register?plan=…`). */
export const PLAN_CHOICES = ['starter', 'growth'] as const;
export type PlanChoice = (typeof PLAN_CHOICES)[number];
export type BillingCycle = 'monthly' | 'yearly';
export interface ChosenPlan {
  plan: PlanChoice;
  cycle: BillingCycle;
}

const STORAGE_KEY = 'chosen_plan';

const parse = (plan: unknown, cycle: unknown): ChosenPlan | null =>
  typeof plan === 'string' && (PLAN_CHOICES as readonly string[]).includes(plan)
    ? { plan: plan as PlanChoice, cycle: cycle === 'yearly' ? 'yearly' : 'monthly' }
    : null;

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
