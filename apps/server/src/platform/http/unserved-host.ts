import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from './types.ts';
import { validatorWithTextRules } from './validation.ts';

/**
 * A Fastify instance that never listens. A worker builds the API surface on it: until conversations and channels
 * declare their jobs, listeners and socket actions in their module objects (`defineModule`) instead of inside their
 * routes, those registrations must still run for them to land in the shared context, while the routes, the OpenAPI
 * document and the socket gateway stay where no request reaches them.
 */
export function unservedHost(log: FastifyBaseLogger): AppInstance {
  const host = Fastify({ loggerInstance: log }).withTypeProvider<ZodTypeProvider>();
  host.setValidatorCompiler(validatorWithTextRules);
  host.setSerializerCompiler(serializerCompiler);
  return host;
}
