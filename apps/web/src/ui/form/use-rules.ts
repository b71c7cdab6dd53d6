import type { z } from 'zod';
import { usePreferences } from '../../app/preferences/preferences.tsx';
import { matchesField, zodRule } from '../zod-rule.ts';

/** Form rules in the user's language: a contracts schema as a rule, and "must equal that field". */
export function useRules() {
  const { locale } = usePreferences();
  return {
    zod: (schema: z.ZodType) => [zodRule(schema, locale)],
    matches: (field: string) => [matchesField(field, locale)],
  };
}
