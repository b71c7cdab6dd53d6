import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tempWebDist } from '../../../test/web-dist.ts';

let t: TestApp;
let dist: ReturnType<typeof tempWebDist>;
beforeAll(async () => {
  dist = tempWebDist();
  t = await createTestApp({ WEB_DIST: dist.dir });
});
afterAll(async () => {
  await t.close();
  dist.remove();
});

describe('serving the web app', () => {
  it('answers deep links with index.html, uncached', async () => {
    for (const url of ['/', '/app/dashboard', '/auth/verify?token=abc', '/admin/settings/system']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the brotli or gzip copy made at build time to a browser that accepts it', async () => {
    for (const url of ['/assets/app-abc123.js', '/app/dashboard']) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toMatch(/console\.log|id="root"/);
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toMatch(/console\.log|id="root"/);
      const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
    }
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets other sites load the web-chat widget, always revalidated, while the app stays same-origin', async () => {
    const widget = await t.app.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': 'br' } });
    expect(widget.statusCode).toBe(200);
    expect(widget.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(widget.headers['cache-control']).toBe('no-cache');
    const app = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(app.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('never answers an API path with the app', async () => {
    for (const url of ['/v1/unknown', '/public/v1/unknown', '/api/unknown']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: 'resource not found' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/app/dashboard' })).statusCode).toBe(404);
  });
});
