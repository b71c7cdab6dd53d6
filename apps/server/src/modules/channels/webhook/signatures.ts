import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Equal strings, compared in constant time whatever their lengths (their digests are). */
export const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * Whether `header` is `sha256=` and the HMAC-SHA256 of the bytes Meta sent under the channel's app secret. The raw
 * bytes, never a re-serialised body: Meta escapes unicode and slashes, so a round trip through JSON changes them.
 */
export function signedByMeta(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), expected);
}
