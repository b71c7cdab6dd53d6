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

export function createTokenService(secret: string, expiresInSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ typ: claims.typ, ver: claims.ver, ...(claims.wid ? { wid: claims.wid } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        const parsed = claimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
