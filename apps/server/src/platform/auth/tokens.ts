import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export const claimsSchema = z.object({
  sub: z.uuid(),
  typ: z.enum(['user', 'admin']),
  /** the organization a user token is bound to (after the workspace refresh) */
  wid: z.uuid().optional(),
  /** the subject's token version when issued; a bump revokes every older token */
  ver: z.number().int().min(0),
});
export type Claims = z.infer<typeof claimsSchema>;

export interface TokenService {
  sign(claims: Claims): Promise<string>;
  /** The claims of a valid token, or null for a forged, expired, malformed or `alg: none` token. */
  verify(token: string): Promise<Claims | null>;
}

export const generateSecret = () => randomBytes(48).toString('base64url');

/** How many verified tokens are remembered (oldest forgotten first): about 2 MB at most. */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(
  secret: string,
  expiresInSeconds: number,
  now: () => number = Date.now,
): TokenService {
  const key = new TextEncoder().encode(secret);
  // A signature checks out once and for all (the secret is fixed for the process), so a token seen again skips
  // WebCrypto, a tenth of a signed-in request's time; expiry is still checked on every use, revocation by the guards.
  const verified = new Map<string, { claims: Claims; expiresAt: number }>();
  const remember = (token: string, claims: Claims, exp: number) => {
    if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: exp * 1000 });
  };
  return {
    sign: (claims) =>
      new SignJWT({ typ: claims.typ, ver: claims.ver, ...(claims.wid ? { wid: claims.wid } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + expiresInSeconds)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        });
        const parsed = claimsSchema.safeParse(payload);
        if (!parsed.success) return null;
        remember(token, parsed.data, payload.exp!);
        return parsed.data;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
