import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, verifiedUser } from './api.ts';
import { checkA11y, launchBrowser, newPage } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));

/** Presses Tab until `target` has the focus (a keyboard user moving through the page), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target}`);
}

/** What has the focus: its id, else its name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.id || element?.getAttribute('aria-label') || element?.textContent?.trim() || '';
  });

describe('the keyboard alone', () => {
  it('signs in and creates an organization: Tab reaches every control, Enter submits, the dialog keeps the focus and Esc closes it', async () => {
    const { username, password } = await verifiedUser('keys', 'Kim Keys');

    const page = await newPage(browser);
    await page.goto('/auth/login');
    const login = page.getByLabel('Username or e-mail');
    await login.waitFor();
    await checkA11y(page);

    // the sign-in page puts the focus in its first field; Tab goes on to the password, Enter signs in
    expect(await hasFocus(login)).toBe(true);
    await page.keyboard.type(username);
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByLabel('Password'))).toBe(true);
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/app/organization');

    // on a page opened afresh, the first Tab reaches "Skip to content", which moves the focus past the sidebar
    await page.reload();
    await page.getByRole('main').getByRole('button').first().waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('main-content');

    const create = page
      .getByRole('main')
      .getByRole('button', { name: /create/i })
      .first();
    await checkA11y(page);
    await tabTo(page, create, 5);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel('Organization name');
    await name.waitFor();
    await expect.poll(() => hasFocus(name)).toBe(true);

    // Tab goes round the dialog's controls and never reaches the page behind it (antd's focus lock passes through
    // the document itself once a round, between the last button and the close button)
    const reached = new Set<string>();
    for (let presses = 0; presses < 12; presses++) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(
        () => document.activeElement !== document.body && !document.activeElement?.closest('.ant-modal-wrap'),
      );
      expect(outside, `Tab ${presses + 1} reached ${await focused(page)} behind the dialog`).toBe(false);
      reached.add(await focused(page));
    }
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'create-organization_name',
        'create-organization_time_zone',
        'create-organization_avatar',
        'Cancel',
        'Create',
        'Close',
      ]),
    );

    // Esc closes it and gives the focus back to the button that opened it
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await hasFocus(create)).toBe(true);

    // Enter opens it again; Enter in the name field creates the organization
    await page.keyboard.press('Enter');
    await name.waitFor();
    await expect.poll(() => hasFocus(name)).toBe(true);
    await page.keyboard.type('Keyboard Org');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const { token } = await api<{ token: string }>('POST', '/public/v1/auth/login', {
      username_or_email: username,
      password,
    });
    const organizations = await api<{ name: string }[]>('GET', '/v1/self/workspaces', undefined, token);
    expect(organizations.map((organization) => organization.name)).toEqual(['Keyboard Org']);
    // the new organization is entered at once
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await checkA11y(page);
    await page.context().close();
  });
});
