import type { ReactNode } from 'react';

/** A sidebar entry (SPEC 3): name is an i18n key; link makes it a route entry. */
export interface SidebarItem {
  key: string;
  name: string;
  icon?: ReactNode;
  link?: string;
  onClick?: () => void;
  items?: SidebarItem[];
  adminOnly?: boolean;
  requiredPermission?: string[];
  requiredSubscribedPlan?: string[];
  /** a plan feature (broadcast, workflow, cs_agent, salesforce): locked while billing is on and the plan lacks it */
  requiredFeature?: string;
}

export interface AccessContext {
  isAdmin: boolean;
  permissions: readonly string[];
  planTag: string | null | undefined;
  /** what the plan allows now; null or undefined (billing off, or not known yet) locks nothing by feature */
  features?: readonly string[] | null;
}

export type ItemLock = { reason: 'permission'; missing: string[] } | { reason: 'plan' };

export interface ResolvedItem extends Omit<SidebarItem, 'items'> {
  lock: ItemLock | null;
  items?: ResolvedItem[];
}

/**
 * SPEC 6: adminOnly items are hidden from non-admins; admins see every item unlocked by permission;
 * a non-admin holding none of requiredPermission sees the item locked; an item whose
 * requiredSubscribedPlan does not include the current plan is locked for everyone.
 */
export function lockOf(item: SidebarItem, context: AccessContext): ItemLock | 'hidden' | null {
  if (item.adminOnly && !context.isAdmin) return 'hidden';
  const required = item.requiredPermission ?? [];
  if (!context.isAdmin && required.length > 0 && !required.some((p) => context.permissions.includes(p))) {
    return { reason: 'permission', missing: required.filter((p) => !context.permissions.includes(p)) };
  }
  const plans = item.requiredSubscribedPlan ?? [];
  if (plans.length > 0 && !(context.planTag && plans.includes(context.planTag))) return { reason: 'plan' };
  if (item.requiredFeature && context.features && !context.features.includes(item.requiredFeature))
    return { reason: 'plan' };
  return null;
}

/** The items a person may see, each with its lock; groups left without children disappear. */
export function resolveMenu(items: SidebarItem[], context: AccessContext): ResolvedItem[] {
  const resolved: ResolvedItem[] = [];
  for (const item of items) {
    const lock = lockOf(item, context);
    if (lock === 'hidden') continue;
    if (item.items) {
      const children = resolveMenu(item.items, context);
      if (children.length === 0) continue;
      resolved.push({ ...item, lock, items: children });
    } else {
      resolved.push({ ...item, lock, items: undefined });
    }
  }
  return resolved;
}

/** Every link in a tree, for the "current item" look-up. */
export function flattenLinks(items: ResolvedItem[]): ResolvedItem[] {
  return items.flatMap((item) => [...(item.link ? [item] : []), ...flattenLinks(item.items ?? [])]);
}

/** The lock (or 'hidden') of the menu entry whose link is `path`, counting its groups' rules; null when free. */
export function accessForPath(
  items: SidebarItem[],
  path: string,
  context: AccessContext,
): ItemLock | 'hidden' | null | undefined {
  for (const item of items) {
    if (item.link === path) return lockOf(item, context);
    if (item.items) {
      const inner = accessForPath(item.items, path, context);
      if (inner === undefined) continue;
      const own = lockOf(item, context);
      return own ?? inner;
    }
  }
  return undefined;
}

/** The plan part of an AccessContext from GET /v1/subscription/current: features lock only while billing is on. */
export function featureAccess(
  subscription: { plan_tag: string | null; billing_enabled: boolean; features: readonly string[] } | undefined,
): Pick<AccessContext, 'planTag' | 'features'> {
  return {
    planTag: subscription?.plan_tag,
    features: subscription?.billing_enabled ? subscription.features : null,
  };
}
