import { fileFormatQuerySchema, isAdminRole, walletEndpoints } from '@omnichat/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { forbidden } from '../../../platform/errors.ts';
import { download, fileStream, today } from '../../../platform/files/spreadsheet-file.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { localeOf } from '../../../platform/http/error-handler.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { createWalletService } from './wallet.service.ts';

/** The organization's wallet (`/v1/wallet`): its owner and admins only (it spends the organization's money). */
export async function walletRoutes(app: AppInstance, ctx: AppContext) {
  const service = createWalletService(ctx);
  const group = ['wallet'];
  const ownerOrAdmin = async (request: FastifyRequest) => {
    await ctx.guards.member()(request);
    if (!isAdminRole(memberOf(request).member.role)) throw forbidden();
  };
  const workspaceOf = (request: FastifyRequest) => memberOf(request).workspaceId;

  app.route({
    ...routeOf(walletEndpoints.get, group),
    preHandler: ownerOrAdmin,
    handler: async (request) => ok(await service.get(workspaceOf(request))),
  });
  app.route({
    ...routeOf(walletEndpoints.transactions, group),
    preHandler: ownerOrAdmin,
    handler: async (request) => {
      const { items, page } = await service.transactions(workspaceOf(request), request.query);
      return ok(items, page);
    },
  });
  app.get('/v1/wallet/transactions/export', {
    schema: {
      tags: group,
      summary: "The wallet's transactions, newest first: date, topic, description, type, amount, balance after",
      querystring: fileFormatQuerySchema,
    },
    preHandler: ownerOrAdmin,
    handler: async (request, reply) => {
      const { format } = request.query;
      const rows = service.exportRows(workspaceOf(request), localeOf(request));
      return download(reply, `wallet-transactions-${today()}`, format).send(fileStream(format, rows, 'transactions'));
    },
  });
  app.route({
    ...routeOf(walletEndpoints.settings, group),
    preHandler: ownerOrAdmin,
    handler: async (request) =>
      ok(await service.setThreshold(workspaceOf(request), request.body.low_balance_threshold_cents)),
  });
  app.route({
    ...routeOf(walletEndpoints.topUp, group),
    preHandler: ownerOrAdmin,
    handler: async (request) => ok(await service.topUp(workspaceOf(request), request.body.amount_cents)),
  });
}
