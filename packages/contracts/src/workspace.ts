import { z } from 'zod';
import {
  changeEmailBodySchema,
  messageResultSchema,
  permissionsResultSchema,
  selfWorkspaceSchema,
  tokenBodySchema,
  updateProfileBodySchema,
  userSchema,
  workspaceSummarySchema,
} from './auth.ts';
import { availabilitySchema } from './availability.ts';
import { isCountryCode } from './countries.ts';
import { endpoint } from './endpoint.ts';
import { imageDataUrlField } from './fields.ts';
import { LIMITS } from './limits.ts';

export const organizationNameField = z
  .string({ error: 'organization_name_required' })
  .trim()
  .min(1, { error: 'organization_name_required' })
  .max(LIMITS.organizationNameMax - 1, { error: 'organization_name_max' });

export const timeZoneField = z
  .string({ error: 'time_zone_required' })
  .trim()
  .min(1, { error: 'time_zone_required' })
  .max(64, { error: 'invalid_time_zone' });

export const createWorkspaceBodySchema = z.object({
  name: organizationNameField,
  time_zone: timeZoneField,
  avatar: imageDataUrlField.optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>;

/**
 * Marketing opt-out keywords: a customer's inbound text that is exactly one of them (trimmed, any case) opts them
 * out of marketing templates and gets them a confirmation.
 */
export const OPT_OUT_KEYWORDS_DEFAULT = ['STOP', 'UNSUBSCRIBE'] as const;
export const OPT_OUT_LIMITS = { keywordMax: 30, keywordsMax: 20 } as const;
/** How a message and a keyword are compared: trimmed, inner spaces as one, any case. */
export const normaliseOptOutText = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export const optOutKeywordsField = z
  .array(
    z
      .string({ error: 'opt_out_keyword_invalid' })
      .trim()
      .min(1, { error: 'opt_out_keyword_invalid' })
      .max(OPT_OUT_LIMITS.keywordMax, { error: 'opt_out_keyword_invalid' })
      .regex(/^[^\r\n]+$/, { error: 'opt_out_keyword_invalid' }),
    { error: 'opt_out_keyword_invalid' },
  )
  .max(OPT_OUT_LIMITS.keywordsMax, { error: 'opt_out_keywords_max' })
  .transform((keywords) => {
    const seen = new Set<string>();
    return keywords
      .map((keyword) => keyword.replace(/\s+/g, ' '))
      .filter((keyword) => !seen.has(normaliseOptOutText(keyword)) && seen.add(normaliseOptOutText(keyword)));
  });

export const updateWorkspaceBodySchema = createWorkspaceBodySchema.partial().extend({
  /** the whole new list; empty: no keyword opts out */
  opt_out_keywords: optOutKeywordsField.optional(),
  default_country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'country_invalid' })
    .nullable()
    .optional(),
});
export type UpdateWorkspaceBody = z.input<typeof updateWorkspaceBodySchema>;

export const selfEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/v1/self',
    response: userSchema,
    summary: 'The signed-in user',
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/v1/self',
    body: updateProfileBodySchema,
    response: userSchema,
    summary: "Update the signed-in user's display name or avatar",
  }),
  changeEmail: endpoint({
    method: 'POST',
    path: '/v1/self/email',
    body: changeEmailBodySchema,
    response: messageResultSchema,
    summary: 'Change the e-mail address: the current password is required and the new address gets a confirmation link',
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/public/v1/auth/confirm-email',
    body: tokenBodySchema,
    response: messageResultSchema,
    summary: 'Open the link mailed to a new address: the address becomes the account e-mail',
  }),
  workspaces: endpoint({
    method: 'GET',
    path: '/v1/self/workspaces',
    response: z.array(selfWorkspaceSchema),
    summary: 'Organizations the signed-in user belongs to',
  }),
  createWorkspace: endpoint({
    method: 'POST',
    path: '/v1/workspace',
    body: createWorkspaceBodySchema,
    response: selfWorkspaceSchema,
    summary: 'Create an organization (system mode platform); the creator becomes its owner',
  }),
  workspace: endpoint({
    method: 'GET',
    path: '/v1/self/workspace',
    response: workspaceSummarySchema,
    summary: 'The current organization',
  }),
  updateWorkspace: endpoint({
    method: 'PUT',
    path: '/v1/self/workspace',
    body: updateWorkspaceBodySchema,
    response: workspaceSummarySchema,
    summary: 'Update the current organization (owner or admin)',
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/v1/workspace/member/self/permission',
    response: permissionsResultSchema,
    summary: "The current member's effective permissions (own, their teams', all for owners and admins)",
  }),
  availability: endpoint({
    method: 'GET',
    path: '/v1/self/availability',
    response: availabilitySchema,
    summary: "The signed-in member's availability in the current organization",
  }),
  setAvailability: endpoint({
    method: 'PUT',
    path: '/v1/self/availability',
    body: availabilitySchema,
    response: availabilitySchema,
    summary:
      "Set the signed-in member's availability: online members take auto-assigned conversations, busy and offline ones keep theirs and get no new ones",
  }),
};

// The organization's subscription as GET /v1/subscription/current answers it (issue 25; the rest is billing.ts):
// here, in a module the organization app's first screen loads anyway, for its menu locks.

/** What a plan unlocks; with billing on, the routes and menu items of a feature need a plan that has it. */
export const PLAN_FEATURES = ['broadcast', 'workflow', 'cs_agent', 'salesforce'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const SUBSCRIPTION_STATUSES = ['not_subscribed', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionSchema = z.object({
  /** null when not subscribed (SPEC 7) */
  plan_tag: z.string().nullable(),
  plan_name: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  /** unix seconds: the current period */
  start: z.number().nullable(),
  end: z.number().nullable(),
  next_billing_date: z.number().nullable(),
  trial_end: z.number().nullable(),
  auto_renewal: z.boolean(),
  paid_price_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** the scheduled downgrade, from the next period */
  next_plan_tag: z.string().nullable(),
  /** whether billing is on: when off, no plan locks or limits apply */
  billing_enabled: z.boolean(),
  /** the features the organization may use now (all of them while billing is off) */
  features: z.array(z.enum(PLAN_FEATURES)),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `subscriptionEndpoints.current` of billing.ts */
export const currentSubscriptionEndpoint = endpoint({
  method: 'GET',
  path: '/v1/subscription/current',
  response: subscriptionSchema,
  summary: "The current organization's subscription: plan, status, period, the scheduled next plan",
});
