import {
  customerEndpoints,
  customerFieldEndpoints,
  customerHistoryEndpoints,
  customerTagEndpoints,
  translate,
} from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../platform/auth/actor.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { customerFilesRoutes } from './customer-files.routes.ts';
import { createCustomersService } from './customers.service.ts';
import { createCustomerFieldsService } from './fields.service.ts';
import { createCustomerMergeService } from './merge.service.ts';
import { createCustomerTagsService } from './tags.service.ts';
import { createTimelineService } from './timeline.ts';

/** Customers, their tags and custom fields: `customer_read` to see, `customer_write` to change. */
export async function customersRoutes(app: AppInstance, ctx: AppContext) {
  const customers = createCustomersService(ctx);
  const tags = createCustomerTagsService(ctx);
  const fields = createCustomerFieldsService(ctx);
  const merging = createCustomerMergeService(ctx, customers, ctx.hooks.customerMerge);
  const timeline = createTimelineService(ctx);
  const { guards } = ctx;
  const read = guards.member('customer_read');
  const write = guards.member('customer_write');
  const deleted = (request: Parameters<typeof localeOf>[0]) => ({
    message: translate('delete_success', localeOf(request)),
  });

  const group = ['customers'];
  app.route({
    ...routeOf(customerEndpoints.list, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await customers.list(memberOf(request).workspaceId, request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(customerEndpoints.bulkTags, group),
    preHandler: write,
    handler: async (request) => ok(await tags.bulk(memberOf(request).workspaceId, actorOf(request), request.body)),
  });
  app.route({
    ...routeOf(customerHistoryEndpoints.duplicates, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await merging.duplicates(
        memberOf(request).workspaceId,
        request.query.page,
        request.query.size,
      );
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(customerHistoryEndpoints.merge, group),
    preHandler: write,
    handler: async (request) =>
      ok(await merging.merge(memberOf(request).workspaceId, actorOf(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(customerHistoryEndpoints.timeline, group),
    preHandler: read,
    handler: async (request) => {
      const { workspaceId } = memberOf(request);
      const { items, page } = await timeline.list(
        workspaceId,
        request.params.id,
        request.query.page,
        request.query.size,
      );
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(customerEndpoints.create, group),
    preHandler: write,
    handler: async (request) =>
      ok(await customers.create(memberOf(request).workspaceId, actorOf(request), request.body)),
  });
  app.route({
    ...routeOf(customerEndpoints.get, group),
    preHandler: read,
    handler: async (request) => ok(await customers.get(memberOf(request).workspaceId, request.params.id)),
  });
  app.route({
    ...routeOf(customerEndpoints.update, group),
    preHandler: write,
    handler: async (request) =>
      ok(await customers.update(memberOf(request).workspaceId, actorOf(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(customerEndpoints.remove, group),
    preHandler: write,
    handler: async (request) => {
      await customers.remove(memberOf(request).workspaceId, actorOf(request), request.params.id);
      return ok(deleted(request));
    },
  });

  const tagGroup = ['customer tags'];
  app.route({
    ...routeOf(customerTagEndpoints.list, tagGroup),
    preHandler: read,
    handler: async (request) => ok(await tags.list(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(customerTagEndpoints.create, tagGroup),
    preHandler: write,
    handler: async (request) => ok(await tags.create(memberOf(request).workspaceId, request.body)),
  });
  app.route({
    ...routeOf(customerTagEndpoints.update, tagGroup),
    preHandler: write,
    handler: async (request) => ok(await tags.update(memberOf(request).workspaceId, request.params.id, request.body)),
  });
  app.route({
    ...routeOf(customerTagEndpoints.remove, tagGroup),
    preHandler: write,
    handler: async (request) => {
      await tags.remove(memberOf(request).workspaceId, request.params.id);
      return ok(deleted(request));
    },
  });

  const fieldGroup = ['customer fields'];
  app.route({
    ...routeOf(customerFieldEndpoints.list, fieldGroup),
    preHandler: read,
    handler: async (request) => ok(await fields.list(memberOf(request).workspaceId)),
  });
  app.route({
    ...routeOf(customerFieldEndpoints.create, fieldGroup),
    preHandler: write,
    handler: async (request) => ok(await fields.create(memberOf(request).workspaceId, request.body)),
  });
  app.route({
    ...routeOf(customerFieldEndpoints.update, fieldGroup),
    preHandler: write,
    handler: async (request) => ok(await fields.update(memberOf(request).workspaceId, request.params.id, request.body)),
  });
  app.route({
    ...routeOf(customerFieldEndpoints.remove, fieldGroup),
    preHandler: write,
    handler: async (request) => {
      await fields.remove(memberOf(request).workspaceId, request.params.id);
      return ok(deleted(request));
    },
  });

  await customerFilesRoutes(app, ctx);
}
