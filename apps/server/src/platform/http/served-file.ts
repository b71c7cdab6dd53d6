import type { Readable } from 'node:stream';
import { isInlineMediaType } from '@omnichat/contracts';
import type { FastifyReply } from 'fastify';

/** What a served file may do once a browser opens it: nothing (no script, no requests, a unique origin). */
export const SERVED_FILE_CSP = "default-src 'none'; sandbox";

/** `attachment; filename="…"` with an ASCII fallback and the exact name in RFC 5987 form (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * Sends a stored file (a customer's upload or an agent's) from the app's origin. Its stored content type decides:
 * a raster image, audio, video or PDF is shown inline; anything else (an SVG, HTML, a document) is a download
 * named `filename`. Every file is sandboxed by its own CSP and never sniffed into another type.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { stream: Readable; size: number; type: string; filename: string; cacheControl: string },
) {
  return reply
    .header('content-type', file.type)
    .header('content-length', file.size)
    .header('cache-control', file.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SERVED_FILE_CSP)
    .header('content-disposition', isInlineMediaType(file.type) ? 'inline' : attachmentDisposition(file.filename))
    .send(file.stream);
}
