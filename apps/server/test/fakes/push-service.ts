import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './tls-certificate.ts';

/*
 * A browser's push service, locally, over https as every real one (its self-signed certificate is `ca`, for the
 * app to trust): it records what the app posts and answers scripted statuses (201 unless told).
 * The helpers play the browser: a subscriber key pair, the RFC 8291 / RFC 8188 `aes128gcm` decryption, and the
 * RFC 8292 VAPID `Authorization: vapid t=<JWT>, k=<public key>` check.
 */

export interface PushRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What a browser keeps of its subscription: its P-256 key pair and auth secret, and what it hands the server. */
export interface Subscriber {
  ecdh: ECDH;
  authSecret: Buffer;
  p256dh: string;
  auth: string;
}

export function createSubscriber(): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return { ecdh, authSecret, p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an `aes128gcm` push message body (RFC 8188 header, RFC 8291 keys) with the subscriber's secrets. */
export function decryptPush(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  // RFC 8291 §3.3-3.4: the input keying material from the ECDH secret and the auth secret
  const ecdhSecret = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdh.getPublicKey(), senderKey]);
  const ikm = hkdf(ecdhSecret, subscriber.authSecret, keyInfo, 32);
  // RFC 8188 §2.2-2.3: content encryption key and nonce from the salt
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // the record's sequence number XORed into the nonce's last bytes (a push message is one record: seq 0)
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // the data, a delimiter (2 on the last record, 1 before), then zero padding
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 1 && padded[end] !== 2) throw new Error('no padding delimiter in a push record');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}

const decodeJson = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));

/** Checks a VAPID header's ES256 signature with its `k` key; answers the JWT's claims and the key. */
export function verifyVapid(authorization: string | undefined): { claims: Record<string, unknown>; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [header, claims, signature] = match[1].split('.');
  if (decodeJson(header).alg !== 'ES256') throw new Error('VAPID JWT not signed with ES256');
  const point = Buffer.from(match[2], 'base64url');
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33).toString('base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
  const signed = Buffer.from(`${header}.${claims}`);
  const valid = verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature ?? '', 'base64url'));
  if (!valid) throw new Error('VAPID JWT signature does not verify');
  return { claims: decodeJson(claims), key: match[2] };
}

/** Starts the fake on 127.0.0.1; its certificate also names `hosts` (names a test's DNS points here). */
export async function startFakePushService(hosts: readonly string[] = []) {
  const requests: PushRequest[] = [];
  const answers: number[] = [];
  const certificate = selfSignedCertificate(['127.0.0.1', ...hosts]);
  const server = createServer(certificate, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(answers.shift() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `https://127.0.0.1:${port}`;
  return {
    url,
    port,
    /** the certificate authority that signs its certificate, for the app to trust */
    ca: certificate.cert,
    requests,
    /** a new endpoint on this service, as a browser would get one */
    endpoint: () => `${url}/push/${randomBytes(12).toString('base64url')}`,
    /** the statuses of the next requests, in order (201 after them) */
    answer: (...statuses: number[]) => void answers.push(...statuses),
    reset() {
      requests.length = 0;
      answers.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
