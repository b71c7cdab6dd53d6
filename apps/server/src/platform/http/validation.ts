import { findInvalidText } from '@omnichat/contracts';
import type { FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Refuses text PostgreSQL cannot store anywhere in a request part, naming the first field that holds it. */
const storableText = z.unknown().superRefine((value, ctx) => {
  const path = findInvalidText(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: 'text_invalid_characters' });
});
const checkText = validatorCompiler({ schema: storableText, method: '*', url: '*' });

/**
 * The zod validator of every route, with one rule in front for body, query string and path parameters: no NUL
 * and no unpaired surrogate (`text_invalid_characters`). It fails like a zod schema does, so the error handler
 * answers it as a field error. Headers need no check: Node refuses NUL in them.
 */
export const validatorWithTextRules: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  return (data) => {
    const text = checkText(data) as { error?: FastifySchemaValidationError[] };
    return text.error ? { error: text.error } : validate(data);
  };
};
