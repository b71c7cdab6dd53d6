import multipart from '@fastify/multipart';
import { CS_AGENT_LIMITS, knowledgeEndpoints } from '@omnichat/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { AppError } from '../../../platform/errors.ts';
import { routeOf } from '../../../platform/http/endpoint-route.ts';
import { ok, replies } from '../../../platform/http/envelope.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { cleanFileName, type FilePart } from '../../../platform/storage/attachment-type.ts';
import type { createKnowledgeService } from '../knowledge.service.ts';
import { createKnowledgeImportService } from './knowledge-import.service.ts';

/**
 * `POST /v1/cs-agents/:id/knowledge/import-file` (multipart `file`) and `…/import-url` (`{url}`): a knowledge
 * article from a document or a public address, with cs_agent_write and, with billing on, the `cs_agent` feature.
 */
export async function knowledgeImportRoutes(
  app: AppInstance,
  ctx: AppContext,
  knowledge: ReturnType<typeof createKnowledgeService>,
  planAllows: (request: FastifyRequest) => Promise<void>,
) {
  const imports = createKnowledgeImportService(ctx, knowledge);
  const write = ctx.guards.member('cs_agent_write');
  const group = ['cs-agents'];

  app.route({
    ...routeOf(knowledgeEndpoints.importUrl, group),
    preHandler: write,
    handler: async (request) => {
      await planAllows(request);
      return ok(await imports.fromUrl(memberOf(request), request.params.id, request.body.url));
    },
  });

  // the file is read while the body is parsed, up to the limit (a longer one is cut off there and refused)
  await app.register(async (plain) => {
    const scope = plain as AppInstance;
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: CS_AGENT_LIMITS.importMaxBytes, files: 1, fields: 2, fieldSize: 1024 },
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'knowledge_import_too_large', {
          size: `${CS_AGENT_LIMITS.importMaxBytes / 1024 / 1024} MB`,
        });
      throw error;
    });
    const { importFile } = knowledgeEndpoints;
    scope.post(importFile.path, {
      schema: {
        tags: group,
        summary: importFile.summary,
        consumes: ['multipart/form-data'],
        params: importFile.params,
        response: replies(importFile.response),
      },
      preHandler: write,
      handler: async (request) => {
        await planAllows(request);
        const part = ((request.body ?? {}) as Record<string, FilePart | undefined>).file;
        const upload =
          part?.type === 'file' && part.toBuffer
            ? { fileName: cleanFileName(part.filename), bytes: await part.toBuffer() }
            : null;
        return ok(await imports.fromFile(memberOf(request), request.params.id, upload));
      },
    });
  });
}
