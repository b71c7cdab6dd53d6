import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../apps/server/test/fakes/openai-api.ts';
import { api, verifiedOwner } from './api.ts';
import { checkA11y, launchBrowser, mailedLink, newPage, shopSite, signIn, signInAdmin, unique } from './support.ts';

const KEY = 'sk-e2e-cs-agent';
const SHIPPING = 'Orders to Hong Kong arrive within two working days of payment.';

let browser: Browser;
let llm: FakeOpenAi;
beforeAll(async () => {
  browser = await launchBrowser();
  llm = await startFakeOpenAi({ keys: [KEY], models: ['chat-model'] });
});
afterAll(async () => {
  await browser?.close();
  await llm?.close();
});

/** The system admin points the AI provider at the stand-in on its settings page, and tests the connection. */
async function configureProvider(page: Page) {
  await signInAdmin(page);
  await page.goto('/admin/settings/cs-agent');
  await page.getByLabel('LLM base URL').waitFor();
  await checkA11y(page);
  await page.getByLabel('LLM base URL').fill(llm.url);
  await page.getByLabel('LLM API key').fill(KEY);
  await page.getByLabel('Chat model').fill('chat-model');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.getByText('The AI provider answered').waitFor();
}

/** A member who joined the organization through a mailed invitation, signed in to it through the API. */
async function invitedMember(ownerToken: string) {
  const email = `${unique('amy')}@example.com`;
  await api('POST', '/v1/workspace/members/invite', { email, role: 'member' }, ownerToken);
  const token = new URL(await mailedLink('/auth/join', email)).searchParams.get('token');
  const username = unique('amy');
  const password = 'member password 1';
  await api('POST', '/public/v1/workspace/invite/accept', {
    token,
    account: { username, display_name: 'Amy Agent', password },
  });
  return { username, password };
}

describe('AI agents', () => {
  it('an AI agent answers a visitor from its knowledge, names its source, hands over on request, and a member takes it', async () => {
    const admin = await newPage(browser);
    await configureProvider(admin);
    // the connection test was a chat request: from here on, only the agent's
    llm.reset();

    const { username, password, token } = await verifiedOwner('ai', 'AI Org');
    const channel = await api<{ id: string; widget_key: string }>(
      'POST',
      '/v1/channels',
      { type: 'webchat', name: 'Shop help' },
      token,
    );
    const amy = await invitedMember(token);
    const members = await api<{ items: { id: string; user: { display_name: string } }[] }>(
      'GET',
      '/v1/workspace/members',
      undefined,
      token,
    );
    const amyId = members.items.find((m) => m.user.display_name === 'Amy Agent')!.id;
    await api(
      'POST',
      '/v1/teams',
      { name: 'Support', permissions: ['conversation_read', 'conversation_write'], member_ids: [amyId] },
      token,
    );

    // the owner creates the agent, binds the web chat, and writes its knowledge
    const owner = await newPage(browser);
    await signIn(owner, username, password);
    await owner.goto('/app/cs-agents');
    await owner.getByText('Getting started with AI agents').waitFor();
    await checkA11y(owner);
    await owner.getByRole('button', { name: 'Create agent' }).first().click();
    const create = owner.getByRole('dialog', { name: 'Create an AI agent' });
    await create.getByLabel('Name').fill('Ava');
    await create.getByLabel('Response tone').fill('warm and brief');
    await create.getByRole('button', { name: 'Create' }).click();
    await owner.waitForURL('**/app/cs-agents/*');
    await owner.getByLabel('Bound channels').waitFor();
    await checkA11y(owner, 'settings');
    await owner.getByLabel('Bound channels').click();
    await owner.locator('.ant-select-item-option').filter({ hasText: 'Shop help' }).click();
    await owner.getByLabel('Handoff team').click();
    await owner.locator('.ant-select-item-option').filter({ hasText: 'Support' }).click();
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.getByText('Agent saved').waitFor();
    await owner.getByRole('tab', { name: 'Knowledge' }).click();
    await owner.getByRole('button', { name: 'Add article' }).click();
    const article = owner.getByRole('dialog', { name: 'Add knowledge article' });
    await article.getByLabel('Title').fill('Shipping times');
    await article.getByLabel('Content').fill(SHIPPING);
    await article.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Passages indexed: 1').waitFor();
    await checkA11y(owner, 'knowledge');

    // a visitor asks in the widget and the agent answers from the article
    // the stand-in answers from the article only when the prompt holds it
    llm.answerWith(({ messages }) =>
      JSON.stringify(messages).includes(SHIPPING)
        ? { text: 'They arrive within two working days.' }
        : { tool: 'handoff_to_human', arguments: { reason: 'no knowledge of it' } },
    );
    const visitor = await newPage(browser, { width: 390, height: 780 });
    await visitor.goto(await shopSite(channel.widget_key));
    await visitor.getByRole('button', { name: 'Chat with us' }).click();
    await visitor.getByLabel('Type a message…').waitFor();
    await checkA11y(visitor);
    await visitor.getByLabel('Type a message…').fill('How long does shipping to Hong Kong take?');
    await visitor.getByLabel('Type a message…').press('Enter');
    await visitor.getByText('They arrive within two working days.').waitFor({ timeout: 10_000 });
    const [chat] = llm.chats();
    expect(JSON.stringify(chat!.messages)).toContain('warm and brief');

    // the owner's inbox shows the answer as the agent's, with its source
    await owner.goto('/app/chat/chat');
    await owner.getByRole('button', { name: /^Web visitor \d{4}/ }).click();
    const thread = owner.getByRole('log');
    const answer = thread.locator('[data-message-id]').filter({ hasText: 'They arrive within two working days.' });
    await answer.getByText('AI agent Ava').waitFor();
    await answer.getByText('Sources: Shipping times').waitFor();
    await owner.getByText('AI agent Ava is answering').waitFor();
    await checkA11y(owner, 'thread with an AI answer');

    // the visitor asks for a person: handed to the Support team, the visitor told so
    await visitor.getByLabel('Type a message…').fill('I want to talk to a person please');
    await visitor.getByLabel('Type a message…').press('Enter');
    await visitor.getByText('Thank you for your patience: a colleague will answer you here shortly.').waitFor();
    expect(llm.chats()).toHaveLength(1);

    // Amy of the Support team sees it with the reason, and answers
    const member = await newPage(browser);
    await signIn(member, amy.username, amy.password);
    await member.goto('/app/chat/chat');
    await member.getByRole('button', { name: /^Web visitor \d{4}/ }).click();
    await member
      .getByRole('log')
      .getByText('The AI agent handed this conversation to the team: the customer asked for a person')
      .waitFor();
    await member.getByText('Handed over from AI agent Ava').waitFor();
    const box = member.getByPlaceholder('Type a reply… (“/” for canned replies)');
    await box.fill('Hi, this is Amy. How can I help?');
    await box.press('Enter');
    await visitor.getByText('Hi, this is Amy. How can I help?').waitFor();
    expect(llm.chats()).toHaveLength(1);
  });
});
