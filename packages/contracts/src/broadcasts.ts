import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { pageField, pageSizeField } from './fields.ts';

/** A broadcast's states (SPEC 4). */
export const BROADCAST_STATUSES = ['scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** A recipient's states; `sending` is internal (marked before its Graph call) and answered as `pending`. */
export const BROADCAST_RECIPIENT_STATUSES = [
  'pending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'cancelled',
  'unknown',
] as const;
export type BroadcastRecipientStatus = (typeof BROADCAST_RECIPIENT_STATUSES)[number];

/** Why a recipient was not sent to. */
export const BROADCAST_SKIP_REASONS = ['no_number', 'duplicate_number', 'opted_out'] as const;
export type BroadcastSkipReason = (typeof BROADCAST_SKIP_REASONS)[number];

/** The customer fields a parameter may take its value from. */
export const BROADCAST_PARAMETER_FIELDS = [
  'first_name',
  'last_name',
  'display_name',
  'salutation',
  'company',
  'email',
  'phone',
  'city',
  'state',
  'country',
] as const;
export type BroadcastParameterField = (typeof BROADCAST_PARAMETER_FIELDS)[number];

export const BROADCAST_LIMITS = {
  nameMax: 200,
  customerIdsMax: 100_000,
  tagIdsMax: 100,
  importIdsMax: 20,
  parameterMax: 1024,
} as const;

const parameterKey = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, { error: 'broadcast_parameter_invalid' });
export const broadcastParameterSchema = z.union([
  z.object({ key: parameterKey, field: z.enum(BROADCAST_PARAMETER_FIELDS, { error: 'broadcast_parameter_invalid' }) }),
  z.object({ key: parameterKey, value: z.string().max(BROADCAST_LIMITS.parameterMax) }),
]);
export type BroadcastParameter = z.output<typeof broadcastParameterSchema>;

export const broadcastAudienceSchema = z.object({
  customer_ids: z
    .array(z.uuid({ error: 'request_invalid' }))
    .max(BROADCAST_LIMITS.customerIdsMax)
    .optional(),
  tag_ids: z
    .array(z.uuid({ error: 'request_invalid' }))
    .max(BROADCAST_LIMITS.tagIdsMax)
    .optional(),
  tag_mode: z.enum(['any', 'all']).default('any'),
  /** custom field key → the value (or any of the values) a customer holds; with tags, both must hold */
  custom_fields: z
    .record(
      z.string().max(40),
      z.union([
        z.string().max(200),
        z.number(),
        z.boolean(),
        z.array(z.union([z.string().max(200), z.number()])).max(50),
      ]),
    )
    .optional(),
  /** uploaded lists: every customer a row of these customer imports matched or added */
  import_ids: z
    .array(z.uuid({ error: 'request_invalid' }))
    .max(BROADCAST_LIMITS.importIdsMax)
    .optional(),
});
export type BroadcastAudience = z.output<typeof broadcastAudienceSchema>;

export const broadcastBodySchema = z.object({
  name: z
    .string({ error: 'broadcast_name_required' })
    .trim()
    .min(1, { error: 'broadcast_name_required' })
    .max(BROADCAST_LIMITS.nameMax),
  channel_id: z.uuid({ error: 'broadcast_channel_required' }),
  template_id: z.uuid({ error: 'broadcast_template_required' }),
  parameters: z.array(broadcastParameterSchema).max(100).default([]),
  audience: broadcastAudienceSchema,
  /** unix seconds; absent: now */
  send_at: z.number().int().positive().max(4_102_444_800).optional(),
});
export type BroadcastBody = z.input<typeof broadcastBodySchema>;

export const broadcastProgressSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  unknown: z.number().int(),
  cancelled: z.number().int(),
});
export type BroadcastProgress = z.infer<typeof broadcastProgressSchema>;

export const broadcastSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  channel_id: z.uuid(),
  template_id: z.uuid().nullable(),
  template_name: z.string(),
  template_language: z.string(),
  template_category: z.string(),
  parameters: z.array(z.record(z.string(), z.string())),
  audience: z.record(z.string(), z.unknown()),
  status: z.enum(BROADCAST_STATUSES),
  /** why it paused by itself (the wallet cannot cover it, or Meta rejected the channel's token), as a message key; null otherwise */
  status_reason: z.string().nullable(),
  send_at: z.number(),
  started_at: z.number().nullable(),
  completed_at: z.number().nullable(),
  /** the estimated cost of its recipients to be sent, in USD cents */
  estimated_cost_cents: z.number().int(),
  progress: broadcastProgressSchema,
  created_at: z.number(),
  updated_at: z.number(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastRecipientSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid().nullable(),
  phone: z.string().nullable(),
  status: z.enum(BROADCAST_RECIPIENT_STATUSES),
  external_id: z.string().nullable(),
  error_code: z.string().nullable(),
  error_title: z.string().nullable(),
  skip_reason: z.enum(BROADCAST_SKIP_REASONS).nullable(),
  price_cents: z.number().int(),
  sent_at: z.number().nullable(),
  replied_at: z.number().nullable(),
  updated_at: z.number(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

const idParams = z.object({ id: z.uuid({ error: 'not_found' }) });

export const broadcastEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/broadcasts',
    query: z.object({
      status: z.enum(BROADCAST_STATUSES, { error: 'request_invalid' }).optional(),
      page: pageField,
      size: pageSizeField,
    }),
    response: z.array(broadcastSchema),
    paged: true,
    summary: "The organization's broadcasts, newest first, by status",
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/broadcasts',
    body: broadcastBodySchema,
    response: broadcastSchema,
    summary: 'Create a broadcast of an approved template to an audience: now, or scheduled at `send_at`',
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/broadcasts/:id',
    params: idParams,
    response: broadcastSchema,
    summary: 'A broadcast with its progress',
  }),
  pause: endpoint({
    method: 'POST',
    path: '/v1/broadcasts/:id/pause',
    params: idParams,
    response: broadcastSchema,
    summary: 'Pause a sending or scheduled broadcast: no send starts after the answer',
  }),
  resume: endpoint({
    method: 'POST',
    path: '/v1/broadcasts/:id/resume',
    params: idParams,
    response: broadcastSchema,
    summary: 'Resume a paused broadcast with its pending recipients',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/v1/broadcasts/:id/cancel',
    params: idParams,
    response: broadcastSchema,
    summary: 'Cancel a broadcast: its pending recipients end cancelled',
  }),
  jobs: endpoint({
    method: 'GET',
    path: '/v1/broadcasts/:id/jobs',
    params: idParams,
    query: z.object({
      status: z.enum(['pending', 'processed'], { error: 'request_invalid' }).optional(),
      page: pageField,
      size: pageSizeField,
    }),
    response: z.array(broadcastRecipientSchema),
    paged: true,
    summary: "A broadcast's recipients: pending ones, or processed ones (sent, failed, skipped, ...)",
  }),
  cancelJob: endpoint({
    method: 'POST',
    path: '/v1/broadcasts/:id/jobs/:job_id/cancel',
    params: z.object({ id: z.uuid({ error: 'not_found' }), job_id: z.uuid({ error: 'not_found' }) }),
    response: broadcastRecipientSchema,
    summary: 'Cancel one pending recipient',
  }),
};

/** `broadcast.progress` socket push: a broadcast's status and counts (at most about twice a second). */
export const broadcastProgressPushSchema = z.object({
  id: z.uuid(),
  status: z.enum(BROADCAST_STATUSES),
  status_reason: z.string().nullable(),
  progress: broadcastProgressSchema,
});
