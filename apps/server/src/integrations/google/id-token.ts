import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
}

export interface GoogleVerifier {
  /** The identity in a Google id_token whose signature, issuer, audience and expiry check out; else null. */
  verify(idToken: string, audience: string): Promise<GoogleIdentity | null>;
}

/** Verifies against Google's published signing keys (JWKS), whose URL is configurable so tests can serve their own. */
export function createGoogleVerifier(jwksUrl: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  return {
    async verify(idToken, audience) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: ['accounts.google.com', 'https://accounts.google.com'],
          audience,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          sub: payload.sub,
          email: payload.email,
          emailVerified: payload.email_verified === true,
          name: typeof payload.name === 'string' ? payload.name : '',
          picture: typeof payload.picture === 'string' ? payload.picture : '',
        };
      } catch {
        return null;
      }
    },
  };
}
