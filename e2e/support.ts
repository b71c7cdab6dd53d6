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

/**
 * The newest link to `route` in a mail to `to` that the server logged in place of sending it (no SMTP server in
 * e2e). Matching the recipient matters: mail goes out from a job, so an older journey's link may be the log's
 * last one for a moment.
 */
export async function mailedLink(route: string, to: string, timeoutMs = 10_000): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"\\\\]+${route.replaceAll('/', '\\/')}\\?token=[\\w-]+`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const link = readFileSync(inject('serverLog'), 'utf8')
      .split('\n')
      .filter((line) => line.includes(`"to":"${to}"`) || line.includes(`"to":["${to}"]`))
      .map((line) => pattern.exec(line)?.[0])
      .findLast(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${route} link to ${to} in the server log`);
}

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
