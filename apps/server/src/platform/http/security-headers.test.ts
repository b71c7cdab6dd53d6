import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tempWebDist } from '../../../test/web-dist.ts';

let http: TestApp;
let https: TestApp;
let dist: ReturnType<typeof tempWebDist>;
beforeAll(async () => {
  dist = tempWebDist();
  http = await createTestApp({ WEB_DIST: dist.dir, PUBLIC_URL: 'http://chat.test' });
  https = await createTestApp({ WEB_DIST: dist.dir, PUBLIC_URL: 'https://chat.example.com' });
});
afterAll(async () => {
  await Promise.all([http?.close(), https?.close()]);
  dist.remove();
});

/** The policy's directives by name, each with its sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const policy = directives(response);
  expect(policy.get('default-src'), label).toEqual(["'self'"]);
  expect(policy.get('script-src'), label).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
  expect(policy.get('object-src'), label).toEqual(["'none'"]);
  expect(policy.get('base-uri'), label).toEqual(["'self'"]);
  expect(policy.get('form-action'), label).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(policy.get('frame-src'), label).toEqual(['https://accounts.google.com/gsi/']);
  expect(policy.get('img-src'), label).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  expect(policy.get('font-src'), label).toEqual(["'self'", 'data:']);
  expect(policy.get('connect-src'), label).toContain("'self'");
  expect(policy.get('style-src'), label).toContain("'self'");
  for (const [name, sources] of policy) {
    if (name.startsWith('script-src')) expect(sources, label).not.toContain("'unsafe-inline'");
    expect(sources, label).not.toContain("'unsafe-eval'");
    expect(sources, label).not.toContain('*');
  }
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin-allow-popups');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['x-powered-by'], label).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers and error envelopes', async () => {
    const answer = await http.app.inject({ method: 'GET', url: '/public/v1/system-setting' });
    expect(answer.statusCode).toBe(200);
    expectSecurityHeaders(answer, 'api answer');

    const unauthorized = await http.app.inject({ method: 'GET', url: '/v1/timezone' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json()).toMatchObject({ success: false });
    expectSecurityHeaders(unauthorized, '401 envelope');

    const invalid = await http.app.inject({
      method: 'POST',
      url: '/public/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid, '400 envelope');

    const missing = await http.app.inject({ method: 'GET', url: '/v1/unknown' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, '404 envelope');
  });

  it('are on the web app: index.html for deep links and its static files', async () => {
    for (const url of ['/', '/app/dashboard', '/auth/verify?token=abc', '/assets/app-abc123.js']) {
      const response = await http.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, url);
    }
  });

  it('ask browsers for HTTPS only when the public URL is https', async () => {
    for (const url of ['/', '/public/v1/system-setting', '/v1/unknown']) {
      const secure = await https.app.inject({ method: 'GET', url });
      expectSecurityHeaders(secure, url);
      expect(secure.headers['strict-transport-security'], url).toMatch(/^max-age=\d{7,}/);
      expect(directives(secure).has('upgrade-insecure-requests'), url).toBe(true);

      const plain = await http.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security'], url).toBeUndefined();
      expect(directives(plain).has('upgrade-insecure-requests'), url).toBe(false);
    }
  });
});
