import {
  csAgentEndpoints,
  csAgentToolEndpoints,
  csInstructionEndpoints,
  knowledgeEndpoints,
  translate,
} from '@omnichat/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { requireFeature } from '../billing/index.ts';
import { createPreviewService } from './answering/preview.service.ts';
import { createCsAgentsService } from './cs-agents.service.ts';
import { knowledgeImportRoutes } from './importing/import.routes.ts';
import { createInstructionsService } from './instructions.service.ts';
import { createKnowledgeService } from './knowledge.service.ts';

/**
 * AI customer-service agents (`/v1/cs-agents`) with their instructions and knowledge: cs_agent_read to see them,
 * cs_agent_write to change them; with billing on, every route needs a plan with the `cs_agent` feature ("please
 * upgrade your plan").
 */
export async function csAgentsRoutes(app: AppInstance, ctx: AppContext) {
  const agents = createCsAgentsService(ctx);
  const instructions = createInstructionsService(ctx);
  const knowledge = createKnowledgeService(ctx);
  const tools = createPreviewService(ctx);
  const planAllows = requireFeature(ctx, 'cs_agent');
  const read = ctx.guards.member('cs_agent_read');
  const write = ctx.guards.member('cs_agent_write');
  const group = ['cs-agents'];
  const deleted = (request: FastifyRequest) => ok({ message: translate('delete_success', localeOf(request)) });

  app.route({
    ...routeOf(csAgentEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const { items, page } = await agents.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(csAgentEndpoints.create, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await agents.create(memberOf(request), request.body));
    },
  });
  app.route({
    ...routeOf(csAgentEndpoints.get, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await agents.get(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(csAgentEndpoints.update, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await agents.update(memberOf(request), request.params.id, request.body));
    },
  });
  app.route({
    ...routeOf(csAgentEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      await agents.remove(memberOf(request), request.params.id);
      return deleted(request);
    },
  });

  // trying the agent spends the provider's tokens: for those who may change it
  app.route({
    ...routeOf(csAgentToolEndpoints.preview, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await tools.preview(memberOf(request), request.params.id, request.body));
    },
  });
  app.route({
    ...routeOf(csAgentToolEndpoints.usage, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await tools.usage(memberOf(request), request.params.id, request.query.days));
    },
  });

  app.route({
    ...routeOf(csInstructionEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await instructions.list(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(csInstructionEndpoints.create, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await instructions.create(memberOf(request), request.params.id, request.body));
    },
  });
  app.route({
    ...routeOf(csInstructionEndpoints.reorder, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await instructions.reorder(memberOf(request), request.params.id, request.body.ids));
    },
  });
  app.route({
    ...routeOf(csInstructionEndpoints.update, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      const { id, instruction_id } = request.params;
      return ok(await instructions.update(memberOf(request), id, instruction_id, request.body));
    },
  });
  app.route({
    ...routeOf(csInstructionEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      await instructions.remove(memberOf(request), request.params.id, request.params.instruction_id);
      return deleted(request);
    },
  });

  app.route({
    ...routeOf(knowledgeEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const { items, page } = await knowledge.list(memberOf(request), request.params.id, request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(knowledgeEndpoints.create, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await knowledge.create(memberOf(request), request.params.id, request.body));
    },
  });
  await knowledgeImportRoutes(app, ctx, knowledge, planAllows);
  app.route({
    ...routeOf(knowledgeEndpoints.get, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await knowledge.get(memberOf(request), request.params.id, request.params.article_id));
    },
  });
  app.route({
    ...routeOf(knowledgeEndpoints.update, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      const { id, article_id } = request.params;
      return ok(await knowledge.update(memberOf(request), id, article_id, request.body));
    },
  });
  app.route({
    ...routeOf(knowledgeEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      await knowledge.remove(memberOf(request), request.params.id, request.params.article_id);
      return deleted(request);
    },
  });
}
