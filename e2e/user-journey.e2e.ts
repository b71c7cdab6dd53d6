import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, launchBrowser, mailedLink, newPage, unique } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').waitFor();
  await checkA11y(page);
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('a new user', () => {
  it('signs up, verifies, creates an organization, changes language and theme, and logs out', async () => {
    const username = unique('e2e');
    const password = 'journey password 1';
    const page = await newPage(browser);

    // Sign up; the verification mail is logged because no SMTP server is configured.
    await page.goto('/auth/register');
    await page.getByLabel('Username').waitFor();
    await checkA11y(page);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Display name').fill('Journey User');
    await page.getByLabel('E-mail').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('account created, check your e-mail to verify it').waitFor();

    // Verify through the logged link.
    await page.goto(await mailedLink('/auth/verify', `${username}@example.com`));
    await page.getByText('your e-mail address is verified, you can sign in now').waitFor();
    await checkA11y(page);

    // Log in: no organization yet, so the switch page offers to create the first one.
    await signIn(page, username, password);
    await page.waitForURL('**/app/organization');
    await page.getByRole('button', { name: 'Create your first organization' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Organization name').waitFor();
    await checkA11y(page, 'create organization dialog');
    await dialog.getByLabel('Organization name').fill('Journey Org');
    // a time-zone search highlights its first match, which Enter picks (issue #13)
    await dialog.getByLabel('Time zone').click();
    await page.keyboard.type('Hong');
    await page.locator('.ant-select-item-option-active', { hasText: 'Asia/Hong_Kong' }).waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByTitle('Asia/Hong_Kong (+08:00)').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Save successfully').waitFor();
    // the session is bound to the new organization and its dashboard opens, without pressing Switch
    await page.waitForURL('**/app/dashboard');
    await page.getByText('Asia/Hong_Kong').first().waitFor();

    // The organization sidebar, with the owner's admin-only groups.
    const sidebar = page.getByRole('navigation', { name: 'sidebar' });
    await sidebar.getByText('Journey Org').first().waitFor();
    for (const item of ['Dashboard', 'Customers', 'Workflow'])
      await sidebar.getByText(item, { exact: true }).first().waitFor();
    expect(await page.title()).toContain('Journey Org');
    await checkA11y(page);

    // Language: to zh-hk and back.
    await page.getByRole('combobox', { name: 'language' }).selectOption({ label: '繁體中文' });
    await sidebar.getByText('主控台').first().waitFor();
    await page.getByRole('combobox', { name: 'language' }).selectOption({ label: 'English' });
    await sidebar.getByText('Dashboard', { exact: true }).first().waitFor();

    // Then zh-hk and dark mode, both kept across a reload.
    await page.getByRole('combobox', { name: 'language' }).selectOption({ label: '繁體中文' });
    await sidebar.getByText('主控台').first().waitFor();
    const themeBefore = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(themeBefore).toBe('light');
    await page.getByRole('button', { name: '切換至深色主題' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await sidebar.getByText('主控台').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await checkA11y(page);

    // Log out: the token is gone and the login page shows; the old token no longer works.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: '用戶選單' }).click();
    await page.getByRole('menuitem', { name: '登出' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const after = await page.request.get('/v1/self', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    await page.context().close();
  });

  it('sees an error toast with a trace line for a wrong password', async () => {
    const page = await newPage(browser);
    await signIn(page, 'somebody', 'not the password');
    await page.getByText('invalid username or password').waitFor();
    await page.getByText(/\[401\] Trace: #[0-9a-f]+/).waitFor();
    expect(page.url()).toContain('/auth/login');
    await page.context().close();
  });

  it('works on a phone-sized screen', async () => {
    const page = await newPage(browser, { width: 375, height: 740 });
    for (const path of ['/', '/about', '/pricing', '/auth/login', '/auth/register']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await checkA11y(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});
