import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, launchBrowser, newPage } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the installable shell', () => {
  it('is compressed, installable, and opens from its cache offline without caching API answers', async () => {
    const page = await newPage(browser);
    const encodings: string[] = [];
    page.on('response', (response) => {
      if (/\/assets\/index-[\w-]+\.js$/.test(response.url()))
        encodings.push(response.headers()['content-encoding'] ?? '');
    });

    await page.goto('/auth/login');
    await page.getByLabel('Username or e-mail').waitFor();
    await checkA11y(page);
    expect(encodings[0]).toMatch(/^(br|gzip)$/);

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'OmniChat', start_url: '/app', display: 'standalone' });
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['content-type']).toContain('javascript');

    // once the worker controls the page, what the page loads goes through it into the shell cache
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByLabel('Username or e-mail').waitFor();

    await page.context().setOffline(true);
    await page.reload();
    await page.getByLabel('Username or e-mail').waitFor();
    const cached = await page.evaluate(async () =>
      (await (await caches.open('omnichat-shell-v2')).keys()).map((request) => new URL(request.url).pathname),
    );
    // the app's page is kept under /app (the public pages /, /about, /pricing are HTML of their own)
    expect(cached).toContain('/app');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => /^\/(v1|public|api)\//.test(path))).toEqual([]);
    await page.context().setOffline(false);
  });
});
