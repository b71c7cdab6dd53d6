import { z } from 'zod';
import { LIMITS } from './limits.ts';

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
