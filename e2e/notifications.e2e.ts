import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, verifiedOwner } from './api.ts';
import { launchBrowser, mailedLink, newPage, unique } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
}

/** Someone accepts the owner's invitation: the owner hears that they joined and that the invitation was accepted. */
async function someoneJoins(token: string) {
  const email = `${unique('amy')}@example.com`;
  await api('POST', '/v1/workspace/members/invite', { email, role: 'member' }, token);
  const link = new URL(await mailedLink('/auth/join', email));
  await api('POST', '/public/v1/workspace/invite/accept', {
    token: link.searchParams.get('token'),
    account: { username: unique('amy'), display_name: 'Amy Chan', password: 'joining password 1' },
  });
}

describe('notifications', () => {
  it('come live to the bell, a read in one tab clears it in the other, and clear-all asks first', async () => {
    const { username, password, token } = await verifiedOwner('bell', 'Bell Org');
    const first = await newPage(browser);
    await signIn(first, username, password);
    const second = await first.context().newPage();
    await second.goto('/app/dashboard');
    await first.getByRole('button', { name: 'notifications', exact: true }).waitFor();

    await someoneJoins(token);
    const bell = (page: Page, count?: number) =>
      page.getByRole('button', { name: count ? `notifications (${count})` : 'notifications', exact: true });
    await bell(first, 2).waitFor({ timeout: 15_000 });
    await bell(second, 2).waitFor({ timeout: 15_000 });

    await bell(first, 2).click();
    await first.getByText('Amy Chan joined Bell Org').first().click();
    await bell(second, 1).waitFor();

    await bell(first, 1).click();
    await first.getByRole('button', { name: 'Clear all' }).click();
    await first.getByText('are you sure you want to delete all notifications? This action cannot be undone').waitFor();
    await first.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await bell(second).waitFor();
    await bell(first).waitFor();
  });
});
