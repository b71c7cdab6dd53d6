import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { jwtSecret } from '../../../platform/auth/jwt-secret.ts';

/** How long a link Meta fetches a file by works. */
export const MEDIA_LINK_TTL_MS = 24 * 3600 * 1000;
export const MEDIA_LINK_PATH = '/public/v1/media';

const payloadSchema = z.object({ k: z.string(), t: z.string(), e: z.number() });

export interface MediaLinks {
  /** A public URL of the stored file `key`, served as `type`, that works for 24 hours. */
  url(key: string, type: string): string;
  /** The file a token names, or null when it is forged, altered or expired. */
  open(token: string): { key: string; type: string } | null;
}

/**
 * Meta fetches the files agents send by link, without credentials: the link carries the storage key and type,
 * signed with HMAC-SHA256 under a key derived from the JWT secret (JWT_SECRET, or the one generated into the
 * database: the same in every process), so serving it needs no lookup and no organization. The token is
 * `payload.signature`, both base64url; a changed payload, signature or expiry fails the check.
 */
export function createMediaLinks(secret: string, publicUrl: string, now = () => Date.now()): MediaLinks {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'omnichat media links v1', 32));
  const signatureOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    url(file, type) {
      const expires = Math.floor((now() + MEDIA_LINK_TTL_MS) / 1000);
      const payload = Buffer.from(JSON.stringify({ k: file, t: type, e: expires })).toString('base64url');
      return `${publicUrl}${MEDIA_LINK_PATH}/${payload}.${signatureOf(payload)}`;
    },
    open(token) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return null;
      // the signature's text is compared, so no other spelling of the same bytes passes
      const expected = Buffer.from(signatureOf(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        return null;
      }
      return parsed.e * 1000 > now() ? { key: parsed.k, type: parsed.t } : null;
    },
  };
}

const built = new WeakMap<AppContext, Promise<MediaLinks>>();

/**
 * The app's media links, made once per app context: the secret is read from the database the first time, which
 * the routes do when they are registered (outside any request's transaction).
 */
export function mediaLinks(ctx: AppContext): Promise<MediaLinks> {
  let links = built.get(ctx);
  if (!links) {
    links = jwtSecret(ctx.database, ctx.config.JWT_SECRET).then(
      (secret) => createMediaLinks(secret, ctx.config.publicUrl),
      (error: unknown) => {
        built.delete(ctx);
        throw error;
      },
    );
    built.set(ctx, links);
  }
  return links;
}
