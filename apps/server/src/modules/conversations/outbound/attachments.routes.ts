import multipart from '@fastify/multipart';
import { ATTACHMENT_MAX_BYTES, conversationEndpoints } from '@omnichat/contracts';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { memberOf } from '../../../platform/auth/guards.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { ok, replies } from '../../../platform/http/envelope.ts';
import { sendStoredFile } from '../../../platform/http/served-file.ts';
import type { AppInstance } from '../../../platform/http/types.ts';
import { readAttachmentPart } from '../../../platform/storage/attachment-type.ts';
import { MEDIA_LINK_PATH, mediaLinks } from './media-links.ts';
import type { OutboundService } from './outbound.service.ts';

/**
 * Files agents send: the upload (`conversation_write`, into the conversation it will be sent in) and the public,
 * signed and expiring link Meta fetches a sent file by (`/public/v1/media/:token`, no session: the token is the
 * credential).
 */
export async function outboundMediaRoutes(app: AppInstance, ctx: AppContext, outbound: OutboundService) {
  const { storage } = ctx;
  const links = await mediaLinks(ctx);

  app.get(`${MEDIA_LINK_PATH}/:token`, {
    schema: {
      tags: ['conversations'],
      summary: 'A file an agent sent, for Meta to fetch: by a signed link that works for 24 hours',
      params: z.object({ token: z.string() }),
    },
    handler: async (request, reply) => {
      const named = links.open(request.params.token);
      const file = named ? await storage.open(named.key) : null;
      if (!named || !file) throw notFound();
      // the type is one of the accepted uploads' (no SVG or HTML), kept as is because Meta checks it
      return sendStoredFile(reply, {
        ...file,
        type: named.type,
        filename: 'file',
        cacheControl: 'private, max-age=3600',
      });
    },
  });

  // the file is read while the body is parsed, before the route's transaction opens
  await app.register(async (plain) => {
    const scope = plain as AppInstance;
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
    });
    // a file over the limit is named with this upload's limit (the app's own 413 names the general one)
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'file_size_exceeds', { size: `${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB` });
      throw error;
    });

    const { attach } = conversationEndpoints;
    scope.post(attach.path, {
      schema: {
        tags: ['conversations'],
        summary: attach.summary,
        consumes: ['multipart/form-data'],
        params: attach.params,
        response: replies(attach.response),
      },
      preHandler: ctx.guards.member('conversation_write'),
      handler: async (request) => {
        const member = memberOf(request);
        const attachment = await outbound.attach(member, request.params.id, await readAttachmentPart(request.body));
        return ok(attachment);
      },
    });
  });
}
