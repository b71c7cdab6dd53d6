import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';

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

/**
 * A page in a fresh context. The test that opens it fails when the browser reports a Content-Security-Policy
 * violation on it (the `securitypolicyviolation` event, or Chromium's console message), so a change that the
 * server's policy would block cannot pass the journeys.
 */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'en-US' });
  const violations: string[] = [];
  await context.exposeBinding('__e2eCspViolation', ({ frame }, text: string) => {
    violations.push(`${text} (on ${frame.url()})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eCspViolation?: (text: string) => void }).__e2eCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  onTestFinished(() => {
    if (violations.length > 0)
      throw new Error(`the browser reported Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
  return page;
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
