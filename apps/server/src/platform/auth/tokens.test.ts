import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const claims = { sub: '6f1c1d1e-6b1a-4c3e-9a53-0e4bb1a0c001', typ: 'user' as const, ver: 3 };
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  it('verify again and again until they expire, and not after, remembered or not', async () => {
    let clock = Date.UTC(2026, 10, 24, 8);
    const tokens = createTokenService('a secret of the tests, long enough!!', 60, () => clock);
    const token = await tokens.sign(claims);

    expect(await tokens.verify(token)).toEqual(claims);
    clock += 59_000;
    expect(await tokens.verify(token)).toEqual(claims);
    clock += 2_000;
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
    // a process that never saw it refuses it too
    expect(await createTokenService('a secret of the tests, long enough!!', 60, () => clock).verify(token)).toBeNull();
  });

  it('refuse a token whose signature or algorithm does not check out, even after its genuine form was seen', async () => {
    const tokens = createTokenService('a secret of the tests, long enough!!', 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);

    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${base64url({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ver: 9 })}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await tokens.verify(`${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeNull();
    expect(await createTokenService('another secret, also long enough!!!', 60).verify(token)).toBeNull();
  });
});
