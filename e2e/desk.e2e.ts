import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, verifiedOwner } from './api.ts';
import { checkA11y, launchBrowser, newPage, shopSite, signIn } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A 2×2 PNG, as a phone's photo would be (small: the journey is about where it shows, not its size). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** An image that arrived whole (the browser decoded it), not an empty bubble. */
const shown = (image: Locator) =>
  expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

describe('the support desk', () => {
  it('a visitor with a photo is auto-assigned, answered with an image, labelled, resolved and rates it', async () => {
    const { username, password, token } = await verifiedOwner('desk', 'Desk Org');
    const channel = await api<{ id: string; widget_key: string }>(
      'POST',
      '/v1/channels',
      { type: 'webchat', name: 'Shop help' },
      token,
    );
    await api(
      'PUT',
      `/v1/channels/${channel.id}`,
      {
        widget: {
          color: '#c41d7f',
          greeting: 'Hello from Desk Org!',
          pre_chat: { name: 'required', email: 'optional' },
        },
        auto_assign: { mode: 'round_robin' },
      },
      token,
    );
    await api('POST', '/v1/conversation-labels', { name: 'Refund', color: '#389e0d' }, token);

    const agent = await newPage(browser);
    await signIn(agent, username, password);
    await agent.goto('/app/chat/chat');
    await agent.getByText('No open conversations. New messages from your channels appear here.').waitFor();
    await checkA11y(agent);

    // the visitor answers the pre-chat form, then sends a photo and a question
    const visitor = await newPage(browser, { width: 390, height: 780 });
    await visitor.goto(await shopSite(channel.widget_key));
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await visitor.getByText('Hello from Desk Org!').waitFor();
    await checkA11y(visitor, 'pre-chat form');
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    await visitor.getByText('please tell us your name').waitFor();
    await visitor.getByLabel('Name').fill('Mei Ling');
    await visitor.getByLabel('E-mail (optional)').fill('meiling@example.com');
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    await visitor.getByLabel('Type a message…').waitFor();
    await checkA11y(visitor);
    await visitor.locator('input[type=file]').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: PNG });
    await shown(visitor.getByRole('img', { name: 'parcel.png' }));
    await visitor.getByLabel('Type a message…').fill('My parcel arrived broken, can I get a refund?');
    await visitor.getByLabel('Type a message…').press('Enter');

    // the only online member gets it, and a notification of it, live
    await agent.getByRole('button', { name: 'notifications (1)' }).waitFor();
    await agent.getByRole('button', { name: /^Mei Ling, 2 unread$/ }).click();
    const thread = agent.getByRole('log');
    await thread.getByText('My parcel arrived broken, can I get a refund?').waitFor();
    await shown(thread.locator('img').first());
    await thread.getByText(/Assigned automatically to Carol Owner/).waitFor();
    // opening the conversation read its notification
    await agent.getByRole('button', { name: 'notifications', exact: true }).waitFor();
    await checkA11y(agent, 'thread');

    // the agent answers with an image the visitor sees inline
    await agent
      .getByLabel('Send a file')
      .and(agent.locator('input[type=file]'))
      .setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: PNG });
    await shown(visitor.getByRole('img', { name: 'label.png' }));

    // labelled and resolved from the thread's header
    await agent.getByRole('button', { name: 'Labels' }).click();
    // the box follows the saved labels: ticked once the server took it
    await agent.getByRole('checkbox', { name: 'Refund' }).click();
    await thread.getByText(/Carol Owner added Refund/).waitFor();
    await expect.poll(() => agent.getByRole('checkbox', { name: 'Refund' }).isChecked()).toBe(true);
    await agent.keyboard.press('Escape');
    await agent.getByRole('button', { name: 'Resolve' }).click();
    await thread.getByText(/Carol Owner resolved this/).waitFor();
    await agent.getByText('This conversation is resolved. Reopen it to reply.').waitFor();

    // the visitor is told, and rates it
    await visitor.getByText('This conversation has been closed.').waitFor();
    await visitor.getByRole('radio', { name: '5 out of 5' }).click();
    await visitor.getByRole('button', { name: 'Send rating' }).click();
    await visitor.getByText('Thank you for your rating!').waitFor();
    await agent.getByText('5 of 5').waitFor();
  });
});
