import multipart from '@fastify/multipart';
import {
  customerImportEndpoints,
  exportQuerySchema,
  fileFormatQuerySchema,
  LIMITS,
  translate,
} from '@omnichat/contracts';
import type { AppContext } from '../../context.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { download, fileStream, today } from '../../platform/files/spreadsheet-file.ts';
import { routeOf } from '../../platform/http/endpoint-route.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import { localeOf } from '../../platform/http/error-handler.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { loadFields } from './customer-query.ts';
import { exampleRows, exportRows } from './files/customer-files.ts';
import { createCustomerImportService } from './import/import.service.ts';

/** Import (upload, progress, report), the example files and export: `customer_import` and `customer_export`. */
export async function customerFilesRoutes(app: AppInstance, ctx: AppContext) {
  const imports = createCustomerImportService(ctx);
  const { guards, database } = ctx;
  const tags = ['customers: import and export'];
  // the upload is read while the body is parsed, before the route's transaction opens
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 4, fieldSize: 64 * 1024 },
  });

  const { start, preview } = customerImportEndpoints;
  /** The multipart parts of an upload: the file (read into memory, at most 20 MB) and the options text. */
  const uploaded = async (body: unknown) => {
    const parts = (body ?? {}) as Record<
      string,
      { type?: string; filename?: string; value?: unknown; toBuffer?: () => Promise<Buffer> }
    >;
    const file = parts.file?.type === 'file' ? parts.file : null;
    const options = parts.options?.type === 'field' ? String(parts.options.value ?? '') : undefined;
    return file?.toBuffer ? { fileName: file.filename ?? '', bytes: await file.toBuffer(), options } : null;
  };
  app.post(preview.path, {
    schema: { tags, summary: preview.summary, consumes: ['multipart/form-data'], response: replies(preview.response) },
    preHandler: guards.member('customer_import'),
    handler: async (request) =>
      ok(await imports.preview(memberOf(request).workspaceId, localeOf(request), await uploaded(request.body))),
  });
  app.post(start.path, {
    schema: { tags, summary: start.summary, consumes: ['multipart/form-data'], response: replies(start.response) },
    preHandler: guards.member('customer_import'),
    handler: async (request) => {
      const { workspaceId, user } = memberOf(request);
      return ok(await imports.start(workspaceId, user.id, localeOf(request), await uploaded(request.body)));
    },
  });

  app.route({
    ...routeOf(customerImportEndpoints.recent, tags),
    preHandler: guards.member('customer_import'),
    handler: async (request) => {
      const { items, page } = await imports.recent(
        memberOf(request).workspaceId,
        request.query.page,
        request.query.size,
      );
      return ok(items, page);
    },
  });

  app.get('/v1/customers/import/example', {
    schema: {
      tags,
      summary: 'An example import file with every column (csv or xlsx)',
      querystring: fileFormatQuerySchema,
    },
    preHandler: guards.member('customer_import'),
    handler: async (request, reply) => {
      const fields = await database.withWorkspace(memberOf(request).workspaceId, (tx) => loadFields(tx));
      return download(reply, 'customers-example', request.query.format).send(
        fileStream(request.query.format, exampleRows(fields), 'customers'),
      );
    },
  });

  app.route({
    ...routeOf(customerImportEndpoints.status, tags),
    preHandler: guards.member('customer_import'),
    handler: async (request) => ok(await imports.status(memberOf(request).workspaceId, request.params.job_id)),
  });

  app.get('/v1/customers/import/:job_id/errors', {
    schema: {
      tags,
      summary:
        "An import's report as a file: each row refused (level error) or imported with a value left out or changed (level warning), with the reason",
      params: customerImportEndpoints.status.params,
      querystring: fileFormatQuerySchema,
    },
    preHandler: guards.member('customer_import'),
    handler: async (request, reply) => {
      const row = await imports.errors(memberOf(request).workspaceId, request.params.job_id);
      const locale = localeOf(request);
      async function* lines() {
        yield [
          translate('import_report_row', locale),
          translate('import_report_level', locale),
          translate('import_report_reason', locale),
        ];
        for (const issue of row.errors)
          yield [
            String(issue.row),
            translate(issue.level === 'warning' ? 'import_level_warning' : 'import_level_error', locale),
            issue.reason,
          ];
      }
      return download(reply, `import-errors-${row.id.slice(0, 8)}`, request.query.format).send(
        fileStream(request.query.format, lines(), 'customers'),
      );
    },
  });

  app.get('/v1/customers/export', {
    schema: {
      tags,
      summary:
        'Every customer matching the list filters (or the chosen ids), with custom fields as columns (csv or xlsx)',
      querystring: exportQuerySchema,
    },
    preHandler: guards.member('customer_export'),
    handler: async (request, reply) => {
      const { workspaceId } = memberOf(request);
      const { format, ids, ...filter } = request.query;
      const rows = exportRows(workspaceId, (work) => database.withWorkspace(workspaceId, work), filter, ids);
      return download(reply, `customers-${today()}`, format).send(fileStream(format, rows, 'customers'));
    },
  });
}
