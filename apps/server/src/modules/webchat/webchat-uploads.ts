import multipart from '@fastify/multipart';
import { WEBCHAT_ATTACHMENTS_PATH, WEBCHAT_LIMITS, webchatUploadSchema } from '@omnichat/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { readAttachmentPart } from '../../platform/storage/attachment-type.ts';
import type { ChannelRow } from '../channels/index.ts';

type Upload = (
  request: FastifyRequest,
  channel: ChannelRow,
  file: { bytes: Buffer; filename: string; mediaType: string },
) => Promise<z.infer<typeof webchatUploadSchema>>;

/**
 * `POST /public/v1/webchat/:key/attachments`: a visitor's file (multipart `file`, the visitor token as bearer), of
 * the types agents may send, at most 20 MB (413 over it, 400 for another type; nothing is stored then).
 */
export async function visitorUploadRoute(
  scope: AppInstance,
  group: string[],
  channelOf: (request: FastifyRequest) => ChannelRow,
  upload: Upload,
) {
  // the file is read while the body is parsed, before the route's transaction opens
  await scope.register(async (plain) => {
    const files = plain as AppInstance;
    await files.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: WEBCHAT_LIMITS.fileMaxBytes, files: 1, fields: 4, fieldSize: 1024 },
    });
    files.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'media_too_large');
      throw error;
    });
    files.post(WEBCHAT_ATTACHMENTS_PATH, {
      schema: {
        tags: group,
        summary: 'A file the visitor sends next (`attachment_id`): the types agents may send, at most 20 MB',
        consumes: ['multipart/form-data'],
        params: z.object({ key: z.string().max(64) }),
        response: replies(webchatUploadSchema),
      },
      handler: async (request) => {
        const channel = channelOf(request);
        return ok(await upload(request, channel, await readAttachmentPart(request.body)));
      },
    });
  });
}
