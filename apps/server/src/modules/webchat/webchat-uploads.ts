import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  ATTACHMENT_MEDIA_TYPES,
  WEBCHAT_ATTACHMENTS_PATH,
  WEBCHAT_LIMITS,
  webchatUploadSchema,
} from '@omnichat/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import { ok, replies } from '../../platform/http/envelope.ts';
import type { AppInstance } from '../../platform/http/types.ts';
import type { ChannelRow } from '../channels/index.ts';

type MediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];
const ACCEPTED = new Set<string>(ATTACHMENT_MEDIA_TYPES);

/** Other names browsers and systems give the accepted types. */
const ALIASES: Record<string, MediaType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
};

/** The type of a file sent without a useful one (`application/octet-stream`), by its extension. */
const BY_EXTENSION: Record<string, MediaType> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** One of the agents' accepted types, from the part's declared type (or its extension without one), else null. */
function mediaTypeOf(declared: string | undefined, filename: string): MediaType | null {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (ACCEPTED.has(type)) return type as MediaType;
  if (ALIASES[type]) return ALIASES[type];
  if (type && type !== 'application/octet-stream') return null;
  return BY_EXTENSION[path.extname(filename).toLowerCase()] ?? null;
}

/** The name the agents see: the file's own, without folders or control characters. */
const cleanName = (filename: string | undefined) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  (path.basename((filename ?? '').replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '') || 'file').slice(0, 200);

type FilePart = { type?: string; filename?: string; mimetype?: string; toBuffer?: () => Promise<Buffer> };
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
        const parts = (request.body ?? {}) as Record<string, FilePart | undefined>;
        const part = parts.file?.type === 'file' ? parts.file : null;
        if (!part?.toBuffer) throw badRequest('attachment_required');
        const filename = cleanName(part.filename);
        const mediaType = mediaTypeOf(part.mimetype, filename);
        if (!mediaType) throw badRequest('attachment_type_unsupported');
        const bytes = await part.toBuffer();
        if (bytes.length === 0) throw badRequest('attachment_required');
        return ok(await upload(request, channel, { bytes, filename, mediaType }));
      },
    });
  });
}
