import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeGraph, type GraphRequest, startFakeGraph } from '../apps/server/test/fakes/graph-api.ts';
import { whatsappStatus } from '../apps/server/test/fakes/meta-webhooks.ts';
import { api, verifiedOwner } from './api.ts';
import { metaPosts, templateStatusUpdate } from './meta.ts';
import { checkA11y, launchBrowser, newPage, signIn } from './support.ts';

const PHONE_NUMBER_ID = '106540352242923';
const WABA_ID = '102290129340399';
const WHATSAPP_TOKEN = 'e2e-broadcast-token';
const APP_SECRET = 'e2e-broadcast-secret';
const AUDIENCE = 50;
const RATE = 10;

let browser: Browser;
let graph: FakeGraph;
beforeAll(async () => {
  browser = await launchBrowser();
  graph = await startFakeGraph({ port: inject('graphPort') });
  graph.allow(PHONE_NUMBER_ID, WHATSAPP_TOKEN);
  graph.allow(WABA_ID, WHATSAPP_TOKEN);
});
afterAll(async () => {
  await browser?.close();
  await graph?.close();
});

const templateSends = () => graph.sent((r: GraphRequest) => (r.body as { type?: string }).type === 'template');

/** The "12 of 50 done" under the progress bar, as numbers. */
async function progressShown(page: Page) {
  const text = await page.getByTestId('broadcast-progress').textContent();
  const [, done, total] = /(\d+) of (\d+) done/.exec(text ?? '') ?? [];
  return { done: Number(done ?? -1), total: Number(total ?? -1) };
}

/** The count shown under a statistic's title (Total, Sent, Delivered, ...). */
const countShown = (page: Page, key: string) =>
  page.getByTestId(`count-${key}`).locator('.ant-statistic-content-value').textContent();

/** Chooses `option` in the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).click();
}

/** The organization with its WhatsApp channel at 10 messages a second, a tag and 50 customers with it. */
async function scene() {
  const owner = await verifiedOwner('bc', 'Broadcast Org');
  const channel = await api<{ id: string }>(
    'POST',
    '/v1/channels',
    {
      type: 'whatsapp',
      name: 'Promotions line',
      phone_number_id: PHONE_NUMBER_ID,
      business_account_id: WABA_ID,
      access_token: WHATSAPP_TOKEN,
      app_secret: APP_SECRET,
      verify_token: 'e2e-broadcast-verify',
    },
    owner.token,
  );
  const paced = await api<{ messages_per_second: number }>(
    'PUT',
    `/v1/channels/${channel.id}`,
    { messages_per_second: RATE },
    owner.token,
  );
  expect(paced.messages_per_second).toBe(RATE);
  const tag = await api<{ id: string }>('POST', '/v1/customer-tags', { name: 'Spring list' }, owner.token);
  for (let first = 0; first < AUDIENCE; first += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api(
          'POST',
          '/v1/customers',
          {
            first_name: `Buyer${first + i + 1}`,
            last_name: 'Lee',
            phone: `+8529123${String(first + i + 1).padStart(4, '0')}`,
            tag_ids: [tag.id],
          },
          owner.token,
        ),
      ),
    );
  }
  return { ...owner, channelId: channel.id };
}

describe('broadcasts', () => {
  it('a template approved live by Meta goes to a tag of 50 customers, paced, paused, resumed, then delivered and read', async () => {
    const { username, password, token, channelId } = await scene();
    const page = await newPage(browser);
    await signIn(page, username, password);

    // the template, submitted to Meta through the form: pending until Meta's webhook approves it
    await page.goto('/app/chat/whatsapp-template');
    await page.getByRole('button', { name: 'New template' }).click();
    const drawer = page.getByRole('dialog', { name: 'New WhatsApp template' });
    await drawer.getByLabel('Name', { exact: true }).fill('spring_sale');
    await drawer.getByText('Text', { exact: true }).click();
    await drawer.getByLabel('Header text').fill('Spring sale');
    await drawer.getByLabel('Body').fill('Hello {{1}}, your code {{2}} is ready');
    await drawer.getByLabel('Example value of placeholder 1').fill('Ann');
    await drawer.getByLabel('Example value of placeholder 2').fill('A-1');
    await checkA11y(page, 'template form');
    await drawer.getByRole('button', { name: 'Submit to Meta' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'spring_sale' });
    await row.getByText('Pending').waitFor();
    await checkA11y(page);
    const [submitted] = graph.templates(WABA_ID);
    expect(submitted).toMatchObject({ name: 'spring_sale', language: 'en_US', category: 'MARKETING' });
    expect(submitted!.components).toContainEqual({ type: 'HEADER', format: 'TEXT', text: 'Spring sale' });
    expect(submitted!.components).toContainEqual({
      type: 'BODY',
      text: 'Hello {{1}}, your code {{2}} is ready',
      example: { body_text: [['Ann', 'A-1']] },
    });

    await metaPosts(
      channelId,
      templateStatusUpdate({
        wabaId: WABA_ID,
        templateId: submitted!.id,
        name: 'spring_sale',
        language: 'en_US',
        event: 'APPROVED',
      }),
      APP_SECRET,
    );
    await row.getByText('Approved').waitFor();

    // the broadcast, through the wizard: {{1}} from each customer's first name, {{2}} fixed, to the tag
    await page.goto('/app/chat/whatsapp-broadcast');
    await page.getByRole('button', { name: 'New broadcast' }).waitFor();
    await checkA11y(page);
    await page.getByRole('button', { name: 'New broadcast' }).click();
    const wizard = page.getByRole('dialog', { name: 'New broadcast' });
    await wizard.getByLabel('Name', { exact: true }).fill('Spring sale 2025');
    await choose(page, 'Template', 'spring_sale · en_US');
    await wizard.getByLabel('Fill {{1}} from').waitFor();
    await wizard.getByLabel('Text of {{2}}').fill('SPRING10');
    await choose(page, 'Tags', `Spring list (${AUDIENCE})`);
    await checkA11y(page, 'broadcast wizard');
    await wizard.getByRole('button', { name: 'Create broadcast' }).click();
    await page.waitForURL(/\/app\/chat\/whatsapp-broadcast\/[0-9a-f-]{36}$/);
    const broadcastId = page.url().split('/').pop()!;

    // the bar moves live (pushed over the socket): seen between the first send and the last
    await expect.poll(() => progressShown(page), { timeout: 10_000 }).toMatchObject({ total: AUDIENCE });
    await expect.poll(async () => (await progressShown(page)).done, { timeout: 10_000 }).toBeGreaterThan(0);
    const early = (await progressShown(page)).done;
    expect(early).toBeLessThan(AUDIENCE);
    await expect.poll(async () => (await progressShown(page)).done, { timeout: 10_000 }).toBeGreaterThan(early);

    // pause: no send starts after its answer (one already in flight may finish)
    const paused = page.waitForResponse((r) => r.url().endsWith(`/v1/broadcasts/${broadcastId}/pause`));
    await page.getByRole('button', { name: 'Pause' }).click();
    expect((await paused).status()).toBe(200);
    const sendsAtPause = templateSends().length;
    expect(sendsAtPause).toBeLessThan(AUDIENCE);
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.locator('.ant-descriptions .ant-tag').getByText('Paused').waitFor();
    // a second at 10 a second would be 10 more sends: watch that none start
    const watchedUntil = Date.now() + 1_000;
    while (Date.now() < watchedUntil) {
      expect(templateSends().length).toBeLessThanOrEqual(sendsAtPause + 1);
      await page.waitForTimeout(100);
    }
    const sendsWhilePaused = templateSends().length;
    // the bar stands where the sends stopped
    await expect.poll(async () => (await progressShown(page)).done).toBe(sendsWhilePaused);
    expect(sendsWhilePaused).toBeLessThan(AUDIENCE);

    // resume: the rest go out, and the broadcast completes
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => templateSends().length, { timeout: 5_000 }).toBeGreaterThan(sendsWhilePaused);
    await expect
      .poll(() => page.getByTestId('broadcast-progress').textContent(), { timeout: 15_000 })
      .toBe(`${AUDIENCE} of ${AUDIENCE} done`);
    await page.locator('.ant-descriptions .ant-tag').getByText('Completed').waitFor();
    await checkA11y(page);
    await expect.poll(() => countShown(page, 'sent')).toBe(String(AUDIENCE));

    // each customer got one send, with their own first name and the fixed code, in the order of the keys
    const sends = templateSends();
    expect(sends).toHaveLength(AUDIENCE);
    expect(new Set(sends.map((r) => (r.body as { to: string }).to)).size).toBe(AUDIENCE);
    expect(sends[0]).toMatchObject({
      authorization: WHATSAPP_TOKEN,
      path: `/${PHONE_NUMBER_ID}/messages`,
      body: {
        messaging_product: 'whatsapp',
        type: 'template',
        template: {
          name: 'spring_sale',
          language: { code: 'en_US' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: expect.stringMatching(/^Buyer\d+$/) },
                { type: 'text', text: 'SPRING10' },
              ],
            },
          ],
        },
      },
    });

    // every recipient is listed as sent
    await page.getByText('Processed', { exact: true }).click();
    await page.locator('.ant-pagination-options').getByRole('combobox').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('50 / page').click();
    const recipients = page.locator('.ant-table-tbody').getByRole('row');
    await expect.poll(() => recipients.count()).toBe(AUDIENCE);
    await expect.poll(() => recipients.filter({ hasText: 'Sent' }).count()).toBe(AUDIENCE);

    // Meta's delivered and read statuses move recipients on, live
    const jobs = await api<{ phone: string; external_id: string }[]>(
      'GET',
      `/v1/broadcasts/${broadcastId}/jobs?status=processed&size=${AUDIENCE}`,
      undefined,
      token,
    );
    const [delivered, read] = jobs;
    const statusOf = async (job: { phone: string; external_id: string }, status: 'delivered' | 'read') =>
      metaPosts(
        channelId,
        whatsappStatus({
          phoneNumberId: PHONE_NUMBER_ID,
          wabaId: WABA_ID,
          id: job.external_id,
          status,
          recipientId: job.phone.replace(/\D/g, ''),
        }),
        APP_SECRET,
      );
    await statusOf(delivered!, 'delivered');
    await statusOf(read!, 'delivered');
    await statusOf(read!, 'read');
    await recipients.filter({ hasText: delivered!.phone }).getByText('Delivered').waitFor();
    await recipients.filter({ hasText: read!.phone }).getByText('Read', { exact: true }).waitFor();
    await expect.poll(() => countShown(page, 'delivered')).toBe('1');
    await expect.poll(() => countShown(page, 'read')).toBe('1');
    await expect.poll(() => countShown(page, 'sent')).toBe(String(AUDIENCE - 2));
  });
});
