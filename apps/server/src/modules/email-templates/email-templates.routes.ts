import multipart from '@fastify/multipart';
import { EMAIL_TEMPLATE_LIMITS, emailTemplateEndpoints, translate } from '@omnichat/contracts';
import type { FastifyError } from 'fastify';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { readAttachmentPart } from '../../platform/storage/attachment-type.ts';
import { createEmailTemplatesService } from './email-templates.service.ts';

/**
 * E-mail templates (`/v1/email-templates`, SPEC 3) that workflows send: workflow_read to see and preview them,
 * workflow_write to change them and upload their attachments; a preview shows a customer's details, so it needs
 * customer_read as well.
 */
export async function emailTemplatesRoutes(app: AppInstance, ctx: AppContext) {
  const templates = createEmailTemplatesService(ctx);
  const read = ctx.guards.member('workflow_read');
  const write = ctx.guards.member('workflow_write');
  const group = ['email-templates'];
  const { list, create, get, update, remove, preview, upload } = emailTemplateEndpoints;

  app.route({
    ...routeOf(list, group),
    preHandler: read,
    handler: async (request) => {
      const { items, page } = await templates.list(memberOf(request), request.query);
      return ok(items, page);
    },
  });
  app.route({
    ...routeOf(create, group),
    preHandler: write,
    handler: async (request) => ok(await templates.create(memberOf(request), request.body)),
  });
  app.route({
    ...routeOf(get, group),
    preHandler: read,
    handler: async (request) => ok(await templates.get(memberOf(request), request.params.id)),
  });
  app.route({
    ...routeOf(update, group),
    preHandler: write,
    handler: async (request) => ok(await templates.update(memberOf(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(remove, group),
    preHandler: write,
    handler: async (request) => {
      await templates.remove(memberOf(request), request.params.id);
      return ok({ message: translate('delete_success', localeOf(request)) });
    },
  });
  app.route({
    ...routeOf(preview, group),
    preHandler: read,
    handler: async (request) => {
      const member = memberOf(request);
      // the preview shows the customer's details: for those who may see customers too
      if (!member.permissions.includes('customer_read')) throw forbidden();
      return ok(await templates.preview(member, request.params.id, request.body.customer_id));
    },
  });

  // the file is read while the body is parsed, before the route's transaction opens
  await app.register(async (plain) => {
    const scope = plain as AppInstance;
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: EMAIL_TEMPLATE_LIMITS.attachmentMaxBytes, files: 1, fields: 4, fieldSize: 1024 },
    });
    // a file over the limit is named with this upload's limit (the app's own 413 names the general one)
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'file_size_exceeds', {
          size: `${EMAIL_TEMPLATE_LIMITS.attachmentMaxBytes / 1024 / 1024} MB`,
        });
      throw error;
    });
    scope.post(upload.path, {
      schema: {
        tags: group,
        summary: upload.summary,
        consumes: ['multipart/form-data'],
        response: replies(upload.response),
      },
      preHandler: write,
      handler: async (request) => ok(await templates.upload(memberOf(request), await readAttachmentPart(request.body))),
    });
  });
}
