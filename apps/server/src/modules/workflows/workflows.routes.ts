import {
  translate,
  WORKFLOW_LIMITS,
  WORKFLOW_WEBHOOK_PATH,
  WORKFLOW_WEBHOOK_SECRET_HEADER,
  workflowEndpoints,
  workflowExecutionEndpoints,
} from '@omnichat/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { requireFeature } from '../billing/index.ts';
import { createExecutionsService } from './executions.service.ts';
import { createRunsService } from './runs.service.ts';
import { createWorkflowsService } from './workflows.service.ts';

/** the request headers a webhook run keeps for its steps (never the secret) */
const KEPT_HEADERS = ['content-type', 'user-agent', 'idempotency-key', 'x-request-id'];

/**
 * Workflows (`/v1/workflows`), their runs (`/v1/workflow-executions`) and scheduled firings: workflow_read to see
 * them, workflow_write to change, run, test, retry or cancel; with billing on, a plan with the `workflow` feature.
 * A webhook trigger's public address takes its caller's JSON with the workflow's secret.
 */
export async function workflowsRoutes(app: AppInstance, ctx: AppContext) {
  const workflows = createWorkflowsService(ctx);
  const executions = createExecutionsService(ctx);
  const runs = createRunsService(ctx);
  const planAllows = requireFeature(ctx, 'workflow');
  const read = ctx.guards.member('workflow_read');
  const write = ctx.guards.member('workflow_write');
  const group = ['workflows'];
  const deleted = (request: FastifyRequest) => ok({ message: translate('delete_success', localeOf(request)) });
  const e = workflowEndpoints;
  const x = workflowExecutionEndpoints;
  app.route({
    ...routeOf(e.list, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const { items, page } = await workflows.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(e.create, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await workflows.create(memberOf(request), request.body));
    },
  });
  app.route({
    ...routeOf(e.get, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await workflows.get(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(e.update, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await workflows.update(memberOf(request), request.params.id, request.body));
    },
  });
  app.route({
    ...routeOf(e.setActive, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await workflows.setActive(memberOf(request), request.params.id, request.body.active));
    },
  });
  app.route({
    ...routeOf(e.duplicate, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await workflows.duplicate(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(e.remove, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      await workflows.remove(memberOf(request), request.params.id);
      return deleted(request);
    },
  });
  app.route({
    ...routeOf(e.run, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await runs.runForCustomers(memberOf(request), request.params.id, request.body));
    },
  });
  app.route({
    ...routeOf(e.test, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await runs.test(memberOf(request), request.params.id, request.body));
    },
  });
  app.route({
    ...routeOf(e.executions, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const query = { ...request.query, workflow_id: request.params.id };
      const { items, page } = await executions.list(memberOf(request), query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(x.list, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      const { items, page } = await executions.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(x.get, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await executions.get(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(x.retry, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await executions.retry(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(x.cancel, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await executions.cancel(memberOf(request), request.params.id));
    },
  });
  app.route({
    ...routeOf(x.scheduled, group),
    preHandler: read,
    handler: async (request) => {
      await planAllows(request);
      return ok(await executions.scheduled(memberOf(request)));
    },
  });
  app.route({
    ...routeOf(x.cancelScheduled, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      await executions.skip(memberOf(request), request.params.id);
      return deleted(request);
    },
  });

  app.route({
    method: 'POST',
    url: WORKFLOW_WEBHOOK_PATH,
    bodyLimit: WORKFLOW_LIMITS.webhookBodyMaxBytes,
    schema: {
      tags: group,
      summary:
        "A webhook trigger's address: JSON with the workflow's secret in X-Workflow-Secret; one run per delivery",
      params: z.object({ id: z.uuid({ error: 'not_found' }) }),
    },
    handler: async (request, reply) => {
      const header = request.headers[WORKFLOW_WEBHOOK_SECRET_HEADER];
      const headers = Object.fromEntries(
        KEPT_HEADERS.filter((name) => typeof request.headers[name] === 'string').map((name) => [
          name,
          request.headers[name] as string,
        ]),
      );
      const started = await runs.webhook(
        idOf(request),
        Array.isArray(header) ? header[0] : header,
        request.body ?? null,
        headers,
      );
      return reply.status(202).send(ok(started));
    },
  });
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
