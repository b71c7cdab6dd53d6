import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from './global-setup.ts';
import { launchBrowser, newPage } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('system admin', () => {
  it('signs in to the admin panel and sees its sidebar', async () => {
    const page = await newPage(browser);
    await page.goto('/auth/admin/login');
    await page.getByLabel('Username or e-mail').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'sidebar' });
    await sidebar.getByText('system admin panel').waitFor();
    for (const item of ['Organization', 'System'])
      expect(await sidebar.getByText(item, { exact: true }).count(), item).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('system_role'))).toBe('system_admin');
    await page.context().close();
  });
});
