import { isMessageKey, type Locale, translate } from '@omnichat/contracts';
import type { FormRule } from 'antd';
import type { z } from 'zod';

/** Text of a schema message: catalogue keys are translated, anything else is shown as is. */
export const messageText = (message: string | undefined, locale: Locale) =>
  message && isMessageKey(message) ? translate(message, locale) : (message ?? translate('unknown_error', locale));

/** An antd form rule that checks a field with a shared contracts schema (SPEC 5 messages). */
export function zodRule(schema: z.ZodType, locale: Locale): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(messageText(result.error.issues[0]?.message, locale));
    },
  };
}

/** A rule for a "confirm password" field: must equal the named field. */
export function matchesField(field: string, locale: Locale): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(translate('confirm_password_required', locale));
      if (value !== getFieldValue(field)) throw new Error(translate('passwords_do_not_match', locale));
    },
  });
}
