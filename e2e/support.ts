import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'en-US' });
  return context.newPage();
}

/** The newest link to `route` that the server logged in place of sending a mail (no SMTP server in e2e). */
export async function mailedLink(route: string, timeoutMs = 10_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"\\\\]+${route.replaceAll('/', '\\/')}\\?token=[\\w-]+`, 'g');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const links = readFileSync(inject('serverLog'), 'utf8').match(pattern);
    if (links?.length) return links[links.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${route} link in the server log`);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
