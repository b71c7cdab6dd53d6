import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from './global-setup.ts';
import { checkA11y, launchBrowser, newPage, signInAdmin } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('system admin', () => {
  it('signs in to the admin panel and sees its sidebar', async () => {
    const page = await newPage(browser);
    await signInAdmin(page);
    const sidebar = page.getByRole('navigation', { name: 'sidebar' });
    for (const item of ['Organization', 'System'])
      expect(await sidebar.getByText(item, { exact: true }).count(), item).toBeGreaterThan(0);
    await checkA11y(page);
    expect(await page.evaluate(() => localStorage.getItem('system_role'))).toBe('system_admin');
    await page.context().close();
  });

  it('fits a phone: whole menu labels, cards with their buttons in reach, the header naming the panel', async () => {
    const page = await newPage(browser, { width: 375, height: 740 });
    await page.goto('/auth/admin/login');
    await page.getByLabel('Username or e-mail').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('banner').getByText('system admin panel').waitFor();

    await page.getByRole('button', { name: 'toggle sidebar' }).click();
    const label = page.getByRole('navigation', { name: 'sidebar' }).getByText('Organizational plan management');
    await label.waitFor();
    const cut = await label.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut, 'the label is cut off').toBeLessThanOrEqual(0);

    for (const path of ['/admin/system-admin', '/admin/user', '/admin/workspace']) {
      await page.goto(path);
      await page.locator('main ul[aria-label], main .ant-empty').first().waitFor();
      await checkA11y(page);
      const cards = page.locator('main ul[aria-label]');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      const button = cards.getByRole('button').first();
      if ((await button.count()) > 0) {
        const box = await button.boundingBox();
        expect(box && box.x + box.width, `${path}: a card's button is off the screen`).toBeLessThanOrEqual(375);
      }
    }
    await page.context().close();
  });
});
