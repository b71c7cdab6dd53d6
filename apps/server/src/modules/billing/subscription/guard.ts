import { isAdminRole } from '@omnichat/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { forbidden } from '../../../platform/errors.ts';

/** Billing is the organization owner's and admins' business. */
export const ownerOrAdmin = (ctx: AppContext) => async (request: FastifyRequest) => {
  await ctx.guards.member()(request);
  if (!isAdminRole(memberOf(request).member.role)) throw forbidden();
};
