import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import { ADMIN } from './global-setup.ts';

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
 * A page in a fresh context, as a user who asked their system for less motion: antd's dialogs and drawers then
 * open without their zoom and slide, so a click lands where the button is rather than where it was a frame ago
 * (a click on a still-growing dialog could hit its mask and close it). The test that opens it fails when the browser reports a Content-Security-Policy
 * violation on it (the `securitypolicyviolation` event, or Chromium's console message), so a change that the
 * server's policy would block cannot pass the journeys.
 */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
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
  const visited = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('http')) visited.add(pagePath(frame.url()));
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  onTestFinished(() => {
    if (violations.length > 0)
      throw new Error(`the browser reported Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
  // every page a journey shows gets its accessibility check (see checkA11y)
  onTestFinished(() => {
    const unchecked = [...visited].filter((path) => !checkedPaths.has(path));
    if (unchecked.length > 0)
      throw new Error(
        `the journey showed ${unchecked.join(', ')} without checkA11y(page) there (call it where the page is ready)`,
      );
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

/** A page's path as the accessibility checks count it: the app's pages by path, another site's with its origin. */
const pagePath = (address: string) => {
  const url = new URL(address);
  return `${url.origin === baseUrl() ? '' : url.origin}${url.pathname}`;
};

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** What this journey file has checked already (vitest loads this module once per file). */
const checkedPages = new Set<string>();
const checkedPaths = new Set<string>();

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page as it is now and fails on a serious or critical violation, listing each rule with the
 * elements it found. Once per page path and theme in a journey file (`state` names a further state worth its own
 * check, an open dialog): the journeys call it where they wait for a page to be ready, and a second call on a
 * checked page costs nothing. Pages on another origin (the shop site that embeds the widget) are checked too; the
 * widget's shadow root is part of them.
 */
export async function checkA11y(page: Page, state = ''): Promise<void> {
  const path = pagePath(page.url());
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
  const key = [path, theme && `(${theme})`, state].filter(Boolean).join(' ');
  checkedPaths.add(path);
  if (checkedPages.has(key)) return;
  checkedPages.add(key);
  // what is still loading (a lazy page, a list's first answer) is checked once it arrived, not as a skeleton
  await page
    .waitForFunction(
      () => !document.querySelector('.route-progress, .page-loading, .ant-skeleton, .ant-spin-spinning'),
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  // colours are measured as drawn: entering dialogs, drawers and toasts finish fading in first (not the spinners,
  // which never end, nor the 2-second ripple a clicked antd button leaves, which holds no text)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .filter(
          (animation) => !((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.ant-wave'),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply to it
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: AxeViolation[] };
    return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  });
  if (violations.length === 0) return;
  const report = violations.map((violation) =>
    [
      `- ${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`,
      ...violation.nodes.map((node) => {
        const target = node.target.map((part) => JSON.stringify(part)).join(' > ');
        const summary = node.failureSummary ? `\n      ${node.failureSummary.replaceAll('\n', '\n      ')}` : '';
        return `    ${target}${summary}`;
      }),
    ].join('\n'),
  );
  throw new Error(`accessibility violations on ${key}:\n${report.join('\n')}`);
}

/** Signs in through the sign-in page and waits for the dashboard, checking both pages' accessibility. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').waitFor();
  await checkA11y(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await checkA11y(page);
}

/** Signs the system admin in to the admin panel (each page checked for accessibility). */
export async function signInAdmin(page: Page) {
  await page.goto('/auth/admin/login');
  await page.getByLabel('Username or e-mail').waitFor();
  await checkA11y(page);
  await page.getByLabel('Username or e-mail').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('navigation', { name: 'sidebar' }).getByText('system admin panel').waitFor();
  await checkA11y(page);
}

/**
 * A customer's site on another origin, embedding the widget with the one tag the channel page shows; its address.
 * It closes when the test ends.
 */
export async function shopSite(widgetKey: string): Promise<string> {
  const page = `<!doctype html><html lang="en"><head><title>Shop</title></head><body><h1>Demo shop</h1>
<script async src="${baseUrl()}/widget.js" data-key="${widgetKey}"></script></body></html>`;
  const shop = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => shop.close(() => resolve())));
  return `http://127.0.0.1:${(shop.address() as AddressInfo).port}/`;
}
