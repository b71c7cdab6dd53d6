import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.ts';
import { ADMIN } from './global-setup.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { checkA11y, launchBrowser, newPage, signInAdmin, unique } from './support.ts';

let browser: Browser;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  catcher = await startMailCatcher();
  adminToken = (
    await api<{ token: string }>('POST', '/public/v1/admin/auth/login', {
      username_or_email: ADMIN.username,
      password: ADMIN.password,
    })
  ).token;
});
afterAll(async () => {
  // Leave the platform as the other journeys expect it: no SMTP server, mails written to the log.
  if (adminToken) await api('PUT', '/v1/system-setting', { settings: [{ key: 'smtp.host', value: '' }] }, adminToken);
  await browser?.close();
  await catcher?.close();
});

const useCatcher = () =>
  api(
    'PUT',
    '/v1/system-setting',
    {
      settings: [
        { key: 'smtp.host', value: '127.0.0.1' },
        { key: 'smtp.port', value: String(catcher.port) },
        { key: 'smtp.security', value: 'none' },
        { key: 'smtp.sender', value: 'OmniChat <no-reply@omnichat.test>' },
      ],
    },
    adminToken,
  );

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').waitFor();
  await checkA11y(page);
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The header's bell, with its unread count when there is one. */
const bell = (page: Page, count?: number) =>
  page.getByRole('button', { name: count ? `notifications (${count})` : 'notifications', exact: true });

/** A verified user with an organization, set up through the API and the mailed verification link. */
async function ownerWithOrganization(name: string) {
  const username = unique('owner');
  const password = 'owner password 1';
  const email = `${username}@example.com`;
  await api('POST', '/public/v1/auth/register', {
    username,
    display_name: 'Olivia Owner',
    email,
    password,
    confirm_password: password,
  });
  const link = await catcher.linkFor(email, '/auth/verify');
  await api('POST', '/public/v1/auth/verify', { token: new URL(link).searchParams.get('token') });
  const login = await api<{ token: string }>('POST', '/public/v1/auth/login', {
    username_or_email: username,
    password,
  });
  const workspace = await api<{ id: string }>(
    'POST',
    '/v1/workspace',
    { name, time_zone: 'Asia/Hong_Kong' },
    login.token,
  );
  const bound = await api<{ token: string }>('POST', '/public/v1/auth/refresh-token', {
    token: login.token,
    workspace_id: workspace.id,
  });
  return { username, password, token: bound.token };
}

describe('organizations and access', () => {
  it('an owner invites a member, who joins through the mailed link and sees the sidebar their role allows; the owner hears of it live in every tab', async () => {
    await useCatcher();
    const owner = await ownerWithOrganization('Harbour Coffee');
    // New members may do everything but workflows, so the member sees a locked item.
    await api(
      'PUT',
      '/v1/workspace/member/permission/default',
      { permissions: ['conversation_read', 'customer_read', 'template_read', 'broadcast_read'] },
      owner.token,
    );

    const ownerPage = await newPage(browser);
    await signIn(ownerPage, owner.username, owner.password);
    await ownerPage.waitForURL('**/app/dashboard');
    await ownerPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await checkA11y(ownerPage);
    await ownerPage.goto('/app/organization/users');
    await ownerPage.getByRole('button', { name: 'Invite member' }).waitFor();
    await checkA11y(ownerPage);
    const memberEmail = `${unique('member')}@example.com`;
    await ownerPage.getByRole('button', { name: 'Invite member' }).click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.getByLabel('E-mail').waitFor();
    await checkA11y(ownerPage, 'invite dialog');
    await dialog.getByLabel('E-mail').fill(memberEmail);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await ownerPage.getByText('invitation sent').first().waitFor();

    // The member opens the link from the mail the local SMTP server received.
    const link = await catcher.linkFor(memberEmail, '/auth/join');
    const memberPage = await newPage(browser);
    await memberPage.goto(link);
    await memberPage.getByText('Harbour Coffee').first().waitFor();
    await checkA11y(memberPage);
    await memberPage.getByLabel('Username').fill(unique('mia'));
    await memberPage.getByLabel('Display name').fill('Mia Member');
    await memberPage.getByLabel('Password', { exact: true }).fill('member password 1');
    await memberPage.getByLabel('Confirm password').fill('member password 1');
    await memberPage.getByRole('button', { name: 'Create account and join' }).click();
    await memberPage.waitForURL('**/app/dashboard');

    const sidebar = memberPage.getByRole('navigation', { name: 'sidebar' });
    await sidebar.getByText('Customers', { exact: true }).first().waitFor();
    for (const hidden of ['Members', 'Teams', 'Channel', 'Wallet', 'Settings']) {
      expect(await memberPage.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    const locked = sidebar.locator('[data-locked]');
    expect(await locked.filter({ hasText: 'Workflow' }).count()).toBe(1);

    // The owner heard of it live, in every tab, once: their invitation was accepted (one event, one item each)
    const ownerTab = await ownerPage.context().newPage();
    await ownerTab.goto('/app/dashboard');
    await bell(ownerPage, 1).waitFor();
    await bell(ownerTab, 1).waitFor();
    await bell(ownerPage, 1).click();
    await ownerPage.getByText('Mia Member accepted your invitation').first().click();
    await bell(ownerTab).waitFor();
    await bell(ownerPage).click();
    await ownerPage.getByRole('button', { name: 'Clear all' }).click();
    await ownerPage
      .getByText('are you sure you want to delete all notifications? This action cannot be undone')
      .waitFor();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await ownerPage.getByRole('button', { name: 'Clear all', disabled: true }).waitFor();
    await bell(ownerTab).waitFor();
    await ownerTab.close();

    // The owner makes the member an admin; on the member's next page load the sidebar follows.
    await ownerPage.reload();
    await ownerPage.getByLabel('Change role of Mia Member').click();
    await ownerPage.getByTitle('Admin', { exact: true }).click();
    await ownerPage.getByText('Save successfully').first().waitFor();

    await memberPage.reload();
    await sidebar.getByText('Organization', { exact: true }).first().waitFor();
    await memberPage.getByText('Wallet', { exact: true }).first().waitFor();
    expect(await sidebar.locator('[data-locked]').count()).toBe(0);
    await ownerPage.context().close();
    await memberPage.context().close();
  });

  it('a system admin points the platform at an SMTP server and sends a test e-mail it receives', async () => {
    // Start from a different server address, so the page really changes it.
    await api('PUT', '/v1/system-setting', { settings: [{ key: 'smtp.host', value: 'smtp.invalid' }] }, adminToken);
    const page = await newPage(browser);
    await signInAdmin(page);

    await page.goto('/admin/settings/smtp-server');
    await page.getByLabel('SMTP host').waitFor();
    await checkA11y(page);
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('SMTP port').fill(String(catcher.port));
    await page.getByLabel('Security').click();
    await page.locator('.ant-select-item-option[title="None"]').click();
    await page.getByLabel('Sender address').fill('Platform <platform@omnichat.test>');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Save successfully').first().waitFor();

    const recipient = `${unique('ops')}@example.com`;
    await page.getByLabel('Test recipient').fill(recipient);
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await page.getByText('The SMTP server accepted the test e-mail').waitFor();
    expect(await page.getByTestId('smtp-test-answer').textContent()).toMatch(/^250/);
    await expect.poll(() => catcher.mails.some((mail) => mail.to.includes(recipient))).toBe(true);
    expect(catcher.mails.find((mail) => mail.to.includes(recipient))?.text).toContain('platform@omnichat.test');
    await page.context().close();
  });
});
