import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api, verifiedOwner } from './api.ts';
import { checkA11y, launchBrowser, newPage, shopSite, signIn } from './support.ts';

let browser: Browser;
/** an order system the failing workflow calls: it answers 500 until it is fixed */
let orders: Server;
let ordersUrl = '';
let ordersFixed = false;
beforeAll(async () => {
  browser = await launchBrowser();
  orders = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(ordersFixed ? 200 : 500, { 'content-type': 'application/json' });
      response.end(ordersFixed ? '{"ok":true}' : '{"error":"database down"}');
    });
  });
  await new Promise<void>((resolve) => orders.listen(0, '127.0.0.1', resolve));
  ordersUrl = `http://127.0.0.1:${(orders.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => orders?.close(resolve));
});

/** Picks `option` in the antd select labelled `label` of the settings panel. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('workflows', () => {
  it('a keyword workflow built on the canvas answers a visitor by name and tags them; its run shows each step', async () => {
    const { username, password, token } = await verifiedOwner('wf', 'Workflow Org');
    const channel = await api<{ id: string; widget_key: string }>(
      'POST',
      '/v1/channels',
      { type: 'webchat', name: 'Shop help' },
      token,
    );
    await api('PUT', `/v1/channels/${channel.id}`, { widget: { pre_chat: { name: 'required' } } }, token);
    await api('POST', '/v1/customer-tags', { name: 'Price asker' }, token);

    const owner = await newPage(browser);
    await signIn(owner, username, password);
    await owner.goto('/app/workflow');
    await owner.getByText('No workflow yet').waitFor();
    await checkA11y(owner);
    await owner.getByRole('button', { name: 'Create workflow' }).first().click();
    await owner.getByRole('menuitem', { name: 'Blank workflow' }).click();
    await owner.getByLabel('Workflow canvas').waitFor();

    // the trigger: a keyword on the web chat
    await owner.locator('[data-node-id="trigger"]').click();
    await choose(owner, 'Channels (none: all)', 'Shop help');
    await owner.getByLabel('Keywords (none: every message)').fill('price');
    await owner.getByLabel('Keywords (none: every message)').press('Enter');
    // a condition (connected on from the trigger), then on its yes a reply and a tag, added from the palette
    await owner.getByRole('button', { name: 'Add Condition' }).click();
    await owner.getByLabel('Field', { exact: true }).fill('customer.first_name');
    await choose(owner, 'Operator', 'is not empty');
    await owner.getByRole('button', { name: 'Add Send message' }).click();
    await owner
      .getByRole('textbox', { name: 'Message' })
      .fill('Hi {{customer.first_name}}, our price list is on its way!');
    await owner.getByRole('button', { name: 'Add Add tag' }).click();
    await choose(owner, 'Tag', 'Price asker');
    await owner.getByLabel('Name', { exact: true }).fill('Price reply');
    await checkA11y(owner, 'builder');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('version 1').waitFor();
    await owner.mouse.move(0, 0);
    await checkA11y(owner, 'saved');
    await owner.getByRole('switch', { name: 'Active' }).click();
    await owner.locator('[role="switch"][aria-checked="true"]').waitFor();

    // a visitor asks about the price in the widget and is answered by name
    const visitor = await newPage(browser, { width: 390, height: 780 });
    await visitor.goto(await shopSite(channel.widget_key));
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await checkA11y(visitor);
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    await visitor.getByLabel('Name').fill('Mei Ling');
    await visitor.getByRole('button', { name: 'Start chat' }).click();
    await visitor.getByLabel('Type a message…').fill('What is the PRICE of a teapot?');
    await visitor.getByLabel('Type a message…').press('Enter');
    await visitor.getByText('Hi Mei, our price list is on its way!').waitFor();

    // the history shows the run; its details draw each step green
    await owner.goto('/app/workflow');
    await owner.getByRole('tab', { name: 'History' }).click();
    await owner.getByRole('link', { name: 'Open run of Price reply' }).first().click();
    await owner.locator('[data-node-id="condition-1"][data-status="succeeded"]').waitFor();
    await owner.locator('[data-node-id="send_message-1"][data-status="succeeded"]').waitFor();
    await owner.locator('[data-node-id="add_tag-1"][data-status="succeeded"]').waitFor();
    await checkA11y(owner, 'run details');
  });

  it('a failing HTTP step shows red with its reason, and its run succeeds once retried after the endpoint is fixed', async () => {
    const { username, password, token } = await verifiedOwner('wfh', 'Hook Org');
    const workflow = await api<{ id: string; webhook: { url: string; secret: string } }>(
      'POST',
      '/v1/workflows',
      {
        name: 'Sync order',
        active: true,
        nodes: [
          { id: 'hook', type: 'trigger.webhook', data: {} },
          {
            id: 'push',
            type: 'action.http_request',
            data: { method: 'POST', url: `${ordersUrl}/orders`, body: '{"order":"{{webhook.body.order}}"}' },
          },
        ],
        edges: [{ source: 'hook', target: 'push' }],
      },
      token,
    );
    const delivered = await fetch(workflow.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workflow-secret': workflow.webhook.secret },
      body: JSON.stringify({ order: 'A-17' }),
    });
    if (delivered.status !== 202) throw new Error(`the webhook answered ${delivered.status}`);

    const owner = await newPage(browser);
    await signIn(owner, username, password);
    await owner.goto('/app/workflow');
    await owner.getByRole('tab', { name: 'History' }).click();
    // the step tries three times (about 3 s) before the run fails
    await owner.getByText('Failed').first().waitFor({ timeout: 30_000 });
    await owner.getByRole('link', { name: 'Open run of Sync order' }).first().click();
    await owner.locator('[data-node-id="push"][data-status="failed"]').waitFor();
    await owner.getByText('workflow execution failed: the endpoint answered HTTP 500').first().waitFor();
    await checkA11y(owner, 'failed run');

    ordersFixed = true;
    await owner.getByRole('button', { name: 'Retry' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
    await owner.locator('[data-node-id="push"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    await owner.getByText('attempt 2').waitFor();
  });
});
