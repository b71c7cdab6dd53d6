import { z } from 'zod';
import { LIMITS } from './limits.ts';
import type { MessageKey } from './messages/index.ts';

/** Reusable field schemas whose messages are catalogue keys (translated at the edge). */
export const passwordField = z
  .string({ error: 'password_required' })
  .min(LIMITS.passwordMin, { error: 'password_min' })
  .max(LIMITS.passwordMax, { error: 'password_too_long' });

export const usernameField = z
  .string({ error: 'username_required' })
  .trim()
  .min(1, { error: 'username_required' })
  .max(LIMITS.usernameMax, { error: 'username_too_long' })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'username_no_special' });

export const emailField = z
  .string({ error: 'invalid_email' })
  .trim()
  .max(LIMITS.emailMax, { error: 'invalid_email' })
  .pipe(z.email({ error: 'invalid_email_format' }));

export const displayNameField = z
  .string({ error: 'display_name_required' })
  .trim()
  .min(1, { error: 'display_name_required' })
  .max(LIMITS.displayNameMax - 1, { error: 'display_name_max' });

/** Base64 image data URL; a bare base64 string gets the PNG prefix (SPEC 3, uploaded files). */
export const imageDataUrlField = z
  .string()
  .max(Math.ceil((LIMITS.uploadMaxBytes * 4) / 3) + 64, { error: 'media_too_large' })
  .transform((value) => (value === '' || value.startsWith('data:') ? value : `data:image/png;base64,${value}`))
  .refine((value) => value === '' || /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/.test(value), {
    error: 'invalid_image',
  });

export const uuidField = z.uuid();

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT32_MAX = 2_147_483_647;
const INT32_MIN = -2_147_483_648;

/**
 * A whole number that fits an int4 column. `error` (a catalogue key) replaces the messages of a wrong type, a
 * fraction and a value below `min`; a value above the column's range gets the generic "at most" message.
 */
export const int32Field = (options: { min?: number; error?: MessageKey } = {}) => {
  const error = options.error ? { error: options.error } : undefined;
  // a schema-wide message would also replace the "at most" of the max check, so it covers a wrong type only
  return z
    .number({ error: (issue) => (issue.code === 'invalid_type' ? options.error : undefined) })
    .int(error)
    .min(options.min ?? INT32_MIN, error)
    .max(INT32_MAX);
};

/** The last page a list answers: with at most 100 rows a page, the offset stays far below any integer limit. */
export const PAGE_MAX = 1_000_000;
export const PAGE_SIZE_MAX = 100;
/** `?page=` of every list (1-based). */
export const pageField = z.coerce.number().int().min(1).max(PAGE_MAX).default(1);
/** `?size=` of every list. */
export const pageSizeField = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20);
/** `?order=` of a sorted list. */
export const sortOrderField = z.enum(['asc', 'desc'], { error: 'request_invalid' }).optional();
/** `?sort=` of a list: one of the fields it can be sorted by (absent: the list's own order). */
export const sortField = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z.enum(fields, { error: 'request_invalid' }).optional();
