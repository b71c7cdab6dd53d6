import type { z } from 'zod';
import { GraphError } from './graph-client.ts';

/**
 * Graph's answer read as `schema`; an answer of another shape is a GraphError (status 200, no code: nothing to
 * retry), so callers still meet only the one error type.
 */
export function answerOf<S extends z.ZodType>(schema: S, answer: unknown): z.output<S> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues[0]?.path.join('.') || 'answer';
  throw new GraphError(200, null, `Graph answered in an unexpected shape (${where})`);
}
