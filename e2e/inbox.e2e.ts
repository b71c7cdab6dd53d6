import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../apps/server/test/fakes/graph-api.ts';
import { whatsappStatus, whatsappText } from '../apps/server/test/fakes/meta-webhooks.ts';
import { api, verifiedOwner } from './api.ts';
import { metaPosts } from './meta.ts';
import { checkA11y, launchBrowser, newPage, shopSite, signIn } from './support.ts';

const PHONE_NUMBER_ID = '106540352242922';
const WHATSAPP_TOKEN = 'e2e-whatsapp-token';
const APP_SECRET = 'e2e-app-secret';

let browser: Browser;
let graph: FakeGraph;
beforeAll(async () => {
  browser = await launchBrowser();
  graph = await startFakeGraph({ port: inject('graphPort') });
  graph.allow(PHONE_NUMBER_ID, WHATSAPP_TOKEN);
});
afterAll(async () => {
  await browser?.close();
  await graph?.close();
});

async function reply(agent: Page, text: string) {
  const box = agent.getByPlaceholder('Type a reply… (“/” for canned replies)');
  await box.fill(text);
  await box.press('Enter');
}

describe('inbox', () => {
  it('a visitor writes in the widget on a site, the agent answers live, and the visitor sees the answer', async () => {
    const { username, password, token } = await verifiedOwner('inbox', 'Inbox Org');
    const channel = await api<{ widget_key: string }>(
      'POST',
      '/v1/channels',
      { type: 'webchat', name: 'Shop help' },
      token,
    );
    const agent = await newPage(browser);
    await signIn(agent, username, password);
    await agent.goto('/app/chat/chat');
    await agent.getByText('No open conversations. New messages from your channels appear here.').waitFor();

    const visitor = await newPage(browser, { width: 390, height: 780 });
    await visitor.goto(await shopSite(channel.widget_key));
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await visitor.getByRole('dialog', { name: 'Shop help' }).waitFor();
    await checkA11y(visitor);
    await visitor.getByLabel('Type a message…').fill('Do you ship to Kowloon?');
    await visitor.getByLabel('Type a message…').press('Enter');

    // the agent's list shows it without a reload
    const row = agent.getByRole('button', { name: /^Web visitor \d{4}, 1 unread$/ });
    await row.waitFor();
    await row.click();
    await agent.getByRole('log').getByText('Do you ship to Kowloon?').waitFor();
    await checkA11y(agent);
    await reply(agent, 'Yes, next day!');
    await visitor.getByText('Yes, next day!').waitFor();

    // the visitor comes back later: the thread is still there
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await visitor.getByText('Yes, next day!').waitFor();
    await visitor.getByText('Do you ship to Kowloon?').waitFor();
  });

  it('a signed WhatsApp message shows up live; the reply reaches Graph and its delivered and read states appear', async () => {
    const { username, password, token } = await verifiedOwner('wa', 'WhatsApp Org');
    const channel = await api<{ id: string }>(
      'POST',
      '/v1/channels',
      {
        type: 'whatsapp',
        name: 'Sales line',
        phone_number_id: PHONE_NUMBER_ID,
        business_account_id: '102290129340398',
        access_token: WHATSAPP_TOKEN,
        app_secret: APP_SECRET,
        verify_token: 'e2e-verify',
      },
      token,
    );
    const agent = await newPage(browser);
    await signIn(agent, username, password);
    await agent.goto('/app/chat/chat');
    await agent.getByText('No open conversations. New messages from your channels appear here.').waitFor();

    await metaPosts(
      channel.id,
      whatsappText({
        phoneNumberId: PHONE_NUMBER_ID,
        from: '85291234567',
        name: 'Wendy Wong',
        text: 'Is my order ready?',
      }),
      APP_SECRET,
    );
    await agent.getByRole('button', { name: 'Wendy Wong, 1 unread' }).click();
    await agent.getByRole('log').getByText('Is my order ready?').waitFor();
    await checkA11y(agent);
    // opening it told WhatsApp the message was read
    await expect.poll(() => graph.sent((r) => (r.body as { status?: string }).status === 'read').length).toBe(1);

    await reply(agent, 'Yes, ready for pickup.');
    const bubble = agent.locator('[data-message-id]').filter({ hasText: 'Yes, ready for pickup.' });
    await bubble.getByLabel('Sent').waitFor();
    const [sent] = graph.sent((r) => (r.body as { type?: string }).type === 'text');
    expect(sent).toMatchObject({
      authorization: WHATSAPP_TOKEN,
      body: { messaging_product: 'whatsapp', to: '85291234567', text: { body: 'Yes, ready for pickup.' } },
    });

    const [conversation] = await api<{ id: string }[]>('GET', '/v1/conversations', undefined, token);
    const messages = await api<{ text: string; external_id: string }[]>(
      'GET',
      `/v1/conversations/${conversation!.id}/messages`,
      undefined,
      token,
    );
    const wamid = messages.find((m) => m.text === 'Yes, ready for pickup.')!.external_id;
    for (const status of ['delivered', 'read'] as const) {
      await metaPosts(
        channel.id,
        whatsappStatus({ phoneNumberId: PHONE_NUMBER_ID, id: wamid, status, recipientId: '85291234567' }),
        APP_SECRET,
      );
      await bubble.getByLabel(status === 'read' ? 'Read' : 'Delivered').waitFor();
    }
  });
});
