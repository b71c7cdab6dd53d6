import multipart from '@fastify/multipart';
import { TEMPLATE_LIMITS, TEMPLATE_MEDIA_PATH, templateMediaSchema } from '@omnichat/contracts';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import * as whatsapp from '../../integrations/meta/whatsapp.ts';
import { memberOf } from '../../platform/auth/guards.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import { cleanFileName, type FilePart } from '../../platform/storage/attachment-type.ts';
import { refusalOf, type TemplatesService } from './templates.service.ts';

/** The types Meta's Resumable Upload API takes for a header sample, by file type. */
const UPLOAD_TYPES: Record<string, whatsapp.UploadFileType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
  'video/mp4': 'video/mp4',
  'application/pdf': 'application/pdf',
};

/**
 * A template header's sample (`POST /v1/whatsapp-templates/media`, multipart `file` and `channel_id`): kept here
 * and uploaded to Meta through the Resumable Upload API under the app of `omnichannel.meta.app_id`; its handle is
 * what a template's `example.header_handle` names.
 */
export async function templateMediaRoutes(app: AppInstance, ctx: AppContext, service: TemplatesService) {
  await app.register(async (plain) => {
    const scope = plain as AppInstance;
    await scope.register(multipart, {
      attachFieldsToBody: true,
      limits: { fileSize: TEMPLATE_LIMITS.mediaMaxBytes, files: 1, fields: 2, fieldSize: 100 },
    });
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'file_size_exceeds', { size: `${TEMPLATE_LIMITS.mediaMaxBytes / 1024 / 1024} MB` });
      throw error;
    });
    scope.post(TEMPLATE_MEDIA_PATH, {
      schema: {
        tags: ['whatsapp-templates'],
        summary: "A template header's sample file, uploaded to Meta: answers the attachment_id a template names",
        consumes: ['multipart/form-data'],
        response: replies(templateMediaSchema),
      },
      preHandler: ctx.guards.member('template_write'),
      handler: async (request) => {
        const member = memberOf(request);
        const parts = (request.body ?? {}) as Record<string, (FilePart & { value?: unknown }) | undefined>;
        const channelId = z.uuid().safeParse(parts.channel_id?.value).data;
        if (!channelId) throw badRequest('template_channel_required');
        const part = parts.file?.type === 'file' ? parts.file : null;
        if (!part?.toBuffer) throw badRequest('template_header_media_required');
        const fileType = UPLOAD_TYPES[(part.mimetype ?? '').toLowerCase()];
        if (!fileType) throw badRequest('template_media_type_unsupported');
        const bytes = await part.toBuffer();
        if (bytes.length === 0) throw badRequest('template_header_media_required');
        const fileName = cleanFileName(part.filename);
        const { 'omnichannel.meta.app_id': appId } = await ctx.settings.values(['omnichannel.meta.app_id']);
        if (!appId) throw new AppError(409, 'template_app_id_missing');
        const { token } = await ctx.database.withWorkspace(member.workspaceId, (tx) =>
          service.channelOf(tx, channelId),
        );
        const handle = await whatsapp
          .uploadFile(ctx.graph, token, { appId, fileName, fileType, bytes })
          .catch((error: unknown) => {
            throw refusalOf(error);
          });
        const storageKey = await ctx.storage.put('template-media', bytes);
        const id = await service.keepMedia(member, {
          channelId,
          storageKey,
          fileName,
          mediaType: fileType,
          size: bytes.length,
          handle,
        });
        return ok({ attachment_id: id, file_name: fileName, type: fileType });
      },
    });
  });
}
