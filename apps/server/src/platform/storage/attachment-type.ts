import path from 'node:path';
import { ATTACHMENT_MEDIA_TYPES } from '@omnichat/contracts';
import { badRequest } from '../errors.ts';

export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];
const ACCEPTED = new Set<string>(ATTACHMENT_MEDIA_TYPES);

/** Other names browsers and systems give the accepted types. */
const ALIASES: Record<string, AttachmentMediaType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/x-aac': 'audio/aac',
  'audio/opus': 'audio/ogg',
};

/** The type of a file sent without a useful one (`application/octet-stream`), by its extension. */
const BY_EXTENSION: Record<string, AttachmentMediaType> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.aac': 'audio/aac',
  '.m4a': 'audio/mp4',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * One of the types a conversation's files may have (agents' and web-chat visitors' alike), from an upload's
 * declared type, or its extension when it declared none; null for any other.
 */
export function attachmentTypeOf(declared: string | undefined, filename: string): AttachmentMediaType | null {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  if (ACCEPTED.has(type)) return type as AttachmentMediaType;
  if (ALIASES[type]) return ALIASES[type];
  if (type && type !== 'application/octet-stream') return null;
  return BY_EXTENSION[path.extname(filename).toLowerCase()] ?? null;
}

/** The name people see on a file: the uploaded one, without folders or control characters. */
export const cleanFileName = (filename: string | undefined) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  (path.basename((filename ?? '').replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f]/g, '') || 'file').slice(0, 200);

/** A multipart part as `@fastify/multipart` hands it over. */
export type FilePart = { type?: string; filename?: string; mimetype?: string; toBuffer?: () => Promise<Buffer> };

/**
 * The `file` part of a multipart body as a conversation's attachment: its bytes, clean name and accepted type;
 * 400 `attachment_required` for no file or an empty one, `attachment_type_unsupported` for another type.
 */
export async function readAttachmentPart(body: unknown) {
  const parts = (body ?? {}) as Record<string, FilePart | undefined>;
  const part = parts.file?.type === 'file' ? parts.file : null;
  if (!part?.toBuffer) throw badRequest('attachment_required');
  const filename = cleanFileName(part.filename);
  const mediaType = attachmentTypeOf(part.mimetype, filename);
  if (!mediaType) throw badRequest('attachment_type_unsupported');
  const bytes = await part.toBuffer();
  if (bytes.length === 0) throw badRequest('attachment_required');
  return { bytes, filename, mediaType };
}
