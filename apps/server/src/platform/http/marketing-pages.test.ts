import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tempWebDist } from '../../../test/web-dist.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
const root = path.resolve(web, '../..');

/** The public pages as `npm run build` renders them (the real renderer, into a folder of the test's own). */
function prerender(dist: string) {
  const renderer = mkdtempSync(path.join(tmpdir(), 'prerender-'));
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // a production build, as `npm run build` makes (the test runner's NODE_ENV=test would pick React's dev JSX)
  const options = { cwd: web, env: { ...process.env, NODE_ENV: 'production' } };
  execFileSync(
    process.execPath,
    [vite, 'build', '-c', 'vite.prerender.config.ts', '--outDir', renderer, '--logLevel', 'error'],
    options,
  );
  execFileSync(process.execPath, ['scripts/prerender.mjs', path.join(renderer, 'render.js'), dist], options);
  rmSync(renderer, { recursive: true, force: true });
}

let t: TestApp;
let dist: ReturnType<typeof tempWebDist>;
beforeAll(async () => {
  dist = tempWebDist();
  prerender(dist.dir);
  t = await createTestApp({ WEB_DIST: dist.dir });
}, 180_000);
afterAll(async () => {
  await t.close();
  dist.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const HEADINGS = {
  '/': { en: 'Every customer conversation', 'zh-hk': '所有客戶對話', 'zh-cn': '所有客户对话' },
  '/about': { en: 'About', 'zh-hk': '關於', 'zh-cn': '关于' },
  '/pricing': { en: 'pricing', 'zh-hk': '價', 'zh-cn': '价' },
} as const;
const h1 = (html: string) => /<h1[^>]*>([^<]*)</.exec(html)?.[1] ?? '';

describe('the public pages rendered at build time', () => {
  it('answer /, /about and /pricing as HTML with their heading, in the language of ?lang or the cookie, without the app bundle', async () => {
    for (const [url, texts] of Object.entries(HEADINGS)) {
      for (const [locale, text] of Object.entries(texts)) {
        for (const response of [
          await get(`${url}?lang=${locale}`),
          await get(url, { cookie: `theme=dark; language=${locale}` }),
        ]) {
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toContain('text/html');
          expect(h1(response.body), `${url} ${locale}`).toContain(text);
          // the strict policy stays: scripts of this site only, none inline
          expect(response.headers['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
          expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
          expect(response.body).not.toMatch(/<script(?![^>]*src="\/marketing\.js")/);
          expect(response.body).not.toContain('id="root"></div>');
          expect(response.body).not.toMatch(/__OC_|<oc-(if|unless)/);
        }
      }
    }
    expect((await get('/pricing', { cookie: 'theme=dark' })).body).toContain('data-theme="dark"');
    expect((await get('/pricing')).body).toContain('data-theme="light"');
  });

  it('picks the browser language without a choice, and sends the compressed page when the browser takes it', async () => {
    expect(h1((await get('/', { 'accept-language': 'zh-TW,zh;q=0.9' })).body)).toContain('所有客戶對話');
    expect(h1((await get('/', { 'accept-language': 'zh-CN' })).body)).toContain('所有客户对话');
    const br = await get('/pricing', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Choose plan');
  });

  it('fill in the site origin, the platform name and the public contact and source settings', async () => {
    let about = (await get('/about', { host: 'chat.example.com:8080' })).body;
    expect(about).toContain('http://chat.example.com:8080');
    expect(about).not.toContain('mailto:');
    expect(about).not.toContain('href="https://');
    const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const settings = [
      { key: 'system.name', value: 'Acme <Chat>' },
      { key: 'system.contact.email', value: 'sales@example.com' },
      { key: 'system.source.url', value: 'https://git.example.com/acme/chat' },
    ];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/system-setting',
      headers: bearer(admin),
      payload: { settings },
    });
    expect(put.statusCode).toBe(200);
    about = (await get('/about')).body;
    expect(about).toContain('<title>About | Acme &lt;Chat&gt;</title>');
    expect(about).toContain('href="mailto:sales@example.com"');
    expect(about).toContain('href="https://git.example.com/acme/chat"');
    const pricing = (await get('/pricing')).body;
    expect(pricing).toContain('href="mailto:sales@example.com"');
    expect(pricing).toContain('href="/auth/register?plan=growth&amp;cycle=monthly"');
  });

  it('leave the app routes (and ?spa=1) to the single-page app', async () => {
    for (const url of ['/app/dashboard', '/auth/login', '/auth/register?plan=growth', '/?spa=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
    expect((await get('/prerendered/home.en.light.html')).body).not.toContain('__OC_');
  });
});
