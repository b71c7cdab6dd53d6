import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/**
 * Google's id_token issuer, locally: a JWKS endpoint in Google's format and RS256 tokens signed with its key.
 * Another key pair lets tests forge a token Google did not sign.
 */
export async function startFakeGoogle() {
  const real = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(real.publicKey)), kid: 'fake-google-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (claims: Record<string, unknown>, options: { audience: string; forged?: boolean; expiresIn?: string }) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-google-key', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(options.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.forged ? forger.privateKey : real.privateKey);

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
