import { z } from 'zod';

export const pageInfoSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** `{ success: true, data, page? }` */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, page: pageInfoSchema.optional() });
}

/** `{ success: false, error, trace_id, fields? }`; `fields` names each invalid input of a 400. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  trace_id: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** more about the failure, e.g. `existing: {id, display_name}`: the record a 409 clashes with */
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type SuccessEnvelope<T> = { success: true; data: T; page?: PageInfo };
