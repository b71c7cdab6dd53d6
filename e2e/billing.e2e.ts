import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../apps/server/test/fakes/stripe-api.ts';
import { api, verifiedOwner } from './api.ts';
import { ADMIN } from './global-setup.ts';
import { baseUrl, checkA11y, launchBrowser, newPage, signIn } from './support.ts';

const SECRET_KEY = 'sk_test_e2e_billing';
const PUBLISHABLE_KEY = 'pk_test_e2e_billing';
const WEBHOOK_SECRET = 'whsec_e2e_billing';

let browser: Browser;
let stripe: FakeStripe;
beforeAll(async () => {
  browser = await launchBrowser();
  stripe = await startFakeStripe({ keys: [SECRET_KEY], port: inject('stripePort') });
  stripe.deliverTo(`${baseUrl()}/public/v1/billing/stripe/webhook`, WEBHOOK_SECRET);
});
afterAll(async () => {
  // the journeys after this one run with billing off, as they were written for
  const admin = await api<{ token: string }>('POST', '/public/v1/admin/auth/login', {
    username_or_email: ADMIN.username,
    password: ADMIN.password,
  }).catch(() => null);
  if (admin)
    await api(
      'PUT',
      '/v1/system-setting',
      { settings: [{ key: 'billing.enabled', value: 'false' }] },
      admin.token,
    ).catch(() => undefined);
  await browser?.close();
  await stripe?.close();
});

/** Creates a plan through the admin plans page's drawer. */
async function createPlan(page: Page, plan: { tag: string; name: string; monthly: string; features: string[] }) {
  await page.getByRole('button', { name: 'New plan' }).click();
  const drawer = page.getByRole('dialog', { name: 'New plan' });
  await drawer.getByLabel('Tag', { exact: true }).fill(plan.tag);
  await drawer.getByLabel('Name', { exact: true }).fill(plan.name);
  await drawer.getByLabel('Monthly price', { exact: true }).fill(plan.monthly);
  await drawer.getByLabel('Yearly price', { exact: true }).fill(String(Number(plan.monthly) * 10));
  for (const feature of plan.features) await drawer.getByLabel(feature, { exact: true }).check();
  await checkA11y(page, 'plan drawer');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: plan.name }).waitFor();
}

/** What the Current plan card says for `label` (Plan, Status, ...). */
const shown = (page: Page, label: string) =>
  page
    .locator('.ant-card')
    .filter({ has: page.getByText('Current plan', { exact: true }) })
    .locator('.ant-descriptions-item')
    .filter({ has: page.locator('.ant-descriptions-item-label', { hasText: label }) })
    .locator('.ant-descriptions-item-content')
    .textContent();

describe('billing', () => {
  it('the admin turns billing on and sells two plans; an owner adds a card, subscribes, upgrades, schedules a downgrade and tops up the wallet', async () => {
    // the system admin: Stripe's keys and billing on, through the Stripe settings page
    const admin = await newPage(browser);
    await admin.goto('/auth/admin/login');
    await admin.getByLabel('Username or e-mail').waitFor();
    await checkA11y(admin);
    await admin.getByLabel('Username or e-mail').fill(ADMIN.username);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await checkA11y(admin);
    await admin.goto('/admin/settings/stripe');
    await admin.getByLabel('Stripe publishable key').waitFor();
    await checkA11y(admin);
    await admin.getByLabel('Stripe publishable key').fill(PUBLISHABLE_KEY);
    await admin.getByLabel('Stripe secret key').fill(SECRET_KEY);
    await admin.getByLabel('Stripe webhook secret').fill(WEBHOOK_SECRET);
    await admin.getByLabel('Billing on').click();
    const saved = admin.waitForResponse(
      (r) => r.url().endsWith('/v1/system-setting') && r.request().method() === 'PUT',
    );
    await admin.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).status()).toBe(200);
    // the saved key reaches the stand-in
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await admin.getByText('Stripe accepted the key').waitFor();

    // two plans: Basic with broadcasts, Pro with workflows too
    await admin.goto('/admin/subscription-management/plans');
    await admin.getByRole('button', { name: 'New plan' }).waitFor();
    await checkA11y(admin);
    await createPlan(admin, { tag: 'basic', name: 'Basic', monthly: '10', features: ['Broadcasts'] });
    await createPlan(admin, { tag: 'pro', name: 'Pro', monthly: '30', features: ['Broadcasts', 'Workflows'] });
    await admin.context().close();

    // /pricing shows them, with their prices
    const visitor = await newPage(browser);
    await visitor.goto('/pricing');
    // (the prerendered page fills the plans in after load)
    const planCard = (name: string) =>
      visitor.locator('.ant-card').filter({ has: visitor.getByRole('heading', { name, exact: true }) });
    await planCard('Pro').waitFor();
    await checkA11y(visitor);
    expect(await planCard('Pro').locator('.oc-price:visible').textContent()).toBe('$30');
    expect(await planCard('Basic').locator('.oc-price:visible').textContent()).toBe('$10');
    await visitor.context().close();

    // an owner without a plan: Workflow is locked in the sidebar, and says why
    const owner = await verifiedOwner('bill', 'Billing Org');
    const page = await newPage(browser);
    await signIn(page, owner.username, owner.password);
    const sidebar = page.getByRole('navigation', { name: 'sidebar' });
    const workflow = sidebar.locator('[data-locked]').filter({ hasText: 'Workflow' });
    await workflow.waitFor();
    expect(await workflow.getByRole('img', { name: /locked/i }).count()).toBe(1);
    await workflow.hover();
    await page.getByRole('tooltip').getByText('please upgrade your plan').waitFor();

    // a card: Stripe.js's Elements step played by the stand-in's test card
    const intent = await api<{ client_secret: string }>('POST', '/v1/billing/setup-intent', {}, owner.token);
    const card = await stripe.confirmSetupIntent(intent.client_secret.split('_secret_')[0]!, 'visa');
    await api('POST', '/v1/billing/payment-methods', { payment_method_id: card.id }, owner.token);
    await page.goto('/app/organization/settings?tab=billing');
    await page.getByText(/visa •••• 4242/i).waitFor();
    await page.getByRole('button', { name: 'Choose Basic' }).waitFor();
    await checkA11y(page);
    expect(await shown(page, 'Status')).toBe('Not subscribed');

    // subscribe to Basic, monthly
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await page.getByRole('status').getByText('You are now on Basic.').waitFor();
    await expect.poll(() => shown(page, 'Plan')).toBe('Basic');
    await expect.poll(() => shown(page, 'Status')).toBe('Active');
    expect(await shown(page, 'Billing cycle')).toBe('Monthly');

    // no wait for Stripe's events of the subscription: one arriving after the upgrade must not undo it (the webhook
    // reads the subscription as Stripe holds it now)
    // upgrade to Pro: at once, and Workflow opens
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.getByRole('status').getByText('You are now on Pro.').waitFor();
    await expect.poll(() => shown(page, 'Plan')).toBe('Pro');
    await expect.poll(() => sidebar.getByRole('link', { name: 'Workflow' }).count()).toBe(1);

    // back to Basic: scheduled for the next period, Pro stays until then
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    const answer = page.locator('[aria-live="polite"] .ant-alert');
    await expect
      .poll(() => answer.textContent(), { timeout: 10_000 })
      .toMatch(/^Basic starts on .+, at the next billing cycle\.$/);
    await page.getByText(/^From .+ the plan changes to /).waitFor();
    expect(await shown(page, 'Plan')).toBe('Pro');
    expect(await page.getByRole('button', { name: 'Withdraw' }).count()).toBe(1);

    // top up $20 from the default card: the balance and the transaction
    await page.goto('/app/organization/wallet');
    await page.getByLabel('Amount', { exact: true }).waitFor();
    await checkA11y(page);
    await page.getByLabel('Amount', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.getByText('$20.00 was charged; the balance shows it once the payment is confirmed.').waitFor();
    const balance = page
      .locator('.ant-statistic')
      .filter({ hasText: 'Balance' })
      .locator('.ant-statistic-content-value');
    await expect
      .poll(
        async () => {
          const text = await balance.textContent();
          if (text !== '$20.00') await page.reload();
          return text;
        },
        { timeout: 10_000 },
      )
      .toBe('$20.00');
    const row = page.locator('.ant-table-tbody').getByRole('row').filter({ hasText: 'top_up' });
    await row.waitFor();
    expect(await row.getByText('Deposit').count()).toBe(1);
    expect(await row.getByText('$20.00').count()).toBe(2);
    await checkA11y(page);
  });
});
