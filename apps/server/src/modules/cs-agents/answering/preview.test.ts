import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../../test/test-app.ts';
import { deposit, subscriptionPlans } from '../../billing/index.ts';
import { setSettings, subscribe } from '../../billing/test-helpers.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { wordsOf } from '../../notifications/notifier.ts';
import { join } from '../../teams/test-helpers.ts';
import { readEvents, widget } from '../../webchat/test-helpers.ts';
import { agentsSetup, configureLlm, llmTest, PATH } from '../test-helpers.ts';

const KEY = 'sk-preview-test-key';
const setup = llmTest(KEY);
let { t, fake } = setup;
beforeEach(() => {
  ({ t, fake } = setup);
});

const planRow = {
  tag: 'ai',
  name: 'AI',
  currency: 'usd',
  monthlyPriceCents: 2900,
  yearlyPriceCents: 29000,
};

const SHIPPING = 'Orders to Hong Kong arrive within two working days of payment.';
const RETURNS = 'Unused items can be returned within thirty days for a full refund.';

/** An agent on a web-chat channel knowing two articles, with one instruction. */
async function trained(overrides: Record<string, unknown> = {}) {
  const s = await agentsSetup(t);
  const channel = await s.webchat(s.owner.token);
  const agent = await s.agent(s.owner.token, { channel_ids: [channel.id], ...overrides });
  const add = (path: string, body: object) => s.r.post(`${PATH}/${agent.id}/${path}`, s.owner.token, body);
  await add('instructions', { title: 'Sign off', condition: 'at the end', content: 'Thank them.' });
  for (const [title, content] of [
    ['Shipping times', SHIPPING],
    ['Returns and refunds', RETURNS],
  ])
    expect((await add('knowledge', { title, content })).statusCode).toBe(200);
  await t.app.jobs.drain();
  fake.reset();
  const preview = async (body: object) => s.r.post(`${PATH}/${agent.id}/preview`, s.owner.token, body);
  const usage = async () => json(await s.r.get(`${PATH}/${agent.id}/usage`, s.owner.token)).data;
  return { ...s, channel, agent, preview, usage };
}

describe('trying an agent (POST /v1/cs-agents/{id}/preview)', () => {
  it('answers through the same search and model, showing the passages and instructions, sending nothing', async () => {
    const { owner, r, agent, preview, usage } = await trained();
    fake.script({ text: 'Two working days.', usage: { prompt_tokens: 120, completion_tokens: 5 } });
    const answered = await preview({ message: 'How long does shipping to Hong Kong take?' });
    expect(answered.statusCode, answered.body).toBe(200);
    const data = json(answered).data;
    expect(data).toMatchObject({
      reply: 'Two working days.',
      handoff: false,
      handoff_reason: null,
      sources: [{ article_id: expect.any(String), title: 'Shipping times' }],
      instructions: [{ id: expect.any(String), title: 'Sign off', condition: 'at the end' }],
      usage: { input_tokens: 120, output_tokens: 5 },
    });
    expect(data.passages[0]).toMatchObject({ title: 'Shipping times', content: SHIPPING, relevant: true });
    expect(data.passages[0].score).toBeGreaterThan(0);
    expect(data.passages.filter((p: { relevant: boolean }) => p.relevant)).toHaveLength(1);
    const [chat] = fake.chats();
    expect(JSON.stringify(chat!.messages)).toContain(SHIPPING);
    expect(JSON.stringify(chat!.messages)).not.toContain(RETURNS);

    // nothing reached anyone: no conversation, no message
    expect(json(await r.get('/v1/conversations', owner.token)).data).toEqual([]);
    const used = await usage();
    expect(used.month).toMatchObject({ input_tokens: 120, output_tokens: 5, answers: 0, handoffs: 0, budget: null });
    expect(used.days).toHaveLength(1);
    expect(agent.id).toBeTruthy();
  });

  it('goes on from the turns before, and shows a handoff with the notice the customer would get', async () => {
    const { preview } = await trained({ handoff_message: 'A colleague will write to you.' });
    fake.script({ tool: 'handoff_to_human', arguments: { reason: 'wants a discount' } });
    const answered = json(
      await preview({
        message: 'And can I get a discount on the shipping?',
        history: [
          { from: 'customer', text: 'How long does shipping to Hong Kong take?' },
          { from: 'agent', text: 'Two working days.' },
        ],
      }),
    ).data;
    expect(answered).toMatchObject({
      reply: 'A colleague will write to you.',
      handoff: true,
      handoff_reason: 'tool',
      handoff_note: 'wants a discount',
      sources: [],
    });
    const roles = (fake.chats()[0]!.messages as { role: string }[]).map((m) => m.role);
    expect(roles).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('hands over without calling the model when the customer asks for a person, and refuses an empty message', async () => {
    const { preview } = await trained();
    expect(json(await preview({ message: 'I want to talk to a human' })).data).toMatchObject({
      handoff: true,
      handoff_reason: 'customer_asked',
      usage: null,
    });
    expect(fake.chats()).toHaveLength(0);
    const empty = await preview({ message: '   ' });
    expect(empty.statusCode).toBe(400);
  });
});

/** A visitor of the agent's web chat: `say` writes and lets the answer job run (its gathering wait included). */
async function visitorOf(channel: { widget_key: string }) {
  const visitor = widget(t, channel.widget_key);
  await visitor.start();
  const say = async (text: string) => {
    await visitor.say(text);
    await t.app.jobs.drain();
    t.clock.advance(2_000);
    await t.app.jobs.drain();
  };
  return { visitor, say };
}

describe("an agent's budget and usage", () => {
  it('counts tokens and answers per day, and stops at its monthly budget with a handoff, calling no model', async () => {
    const { owner, r, usage, channel } = await trained({ monthly_token_budget: 100 });
    const { say } = await visitorOf(channel);
    fake.script({ text: 'Two working days.', usage: { prompt_tokens: 90, completion_tokens: 20 } });
    await say('How long does shipping to Hong Kong take?');
    expect(fake.chats()).toHaveLength(1);
    expect((await usage()).month).toMatchObject({ input_tokens: 90, output_tokens: 20, answers: 1, budget: 100 });

    await say('And to Macau?');
    expect(fake.chats()).toHaveLength(1);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation.ai_active).toBe(false);
    const items = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    const handoff = items.find((item: { activity?: { kind: string } }) => item.activity?.kind === 'ai_handoff');
    expect(handoff.activity).toMatchObject({ ai_reason: 'budget' });
    expect((await usage()).month).toMatchObject({ answers: 1, handoffs: 1 });
  });

  it("stops every agent of the organization at the organization's monthly budget (the system setting)", async () => {
    const { preview, usage, channel } = await trained();
    fake.script({ text: 'Two working days.', usage: { prompt_tokens: 40, completion_tokens: 10 } });
    await preview({ message: 'How long does shipping to Hong Kong take?' });
    await configureLlm(t, fake.url, KEY, { 'cs_agent.monthly_token_budget_default': '50' });
    expect((await usage()).month).toMatchObject({ organization_tokens: 50, organization_budget: 50 });
    const { say } = await visitorOf(channel);
    await say('How long does shipping to Hong Kong take?');
    expect(fake.chats()).toHaveLength(1);
    expect((await usage()).month).toMatchObject({ answers: 0, handoffs: 1 });
  });

  it('with billing on, takes the price of each answer from the wallet, and hands over when it cannot pay', async () => {
    const { owner, r, channel } = await trained();
    const [plan] = await t.database.platform((tx) =>
      tx
        .insert(subscriptionPlans)
        .values({ ...planRow, features: ['cs_agent'] })
        .returning(),
    );
    await subscribe(t, owner.workspaceId, plan!.id);
    await setSettings(t, { 'billing.enabled': 'true', 'cs_agent.answer_price_cents': '5' });
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      deposit({ events: t.app.events }, tx, {
        workspaceId: owner.workspaceId,
        amountCents: 7,
        topic: 'top_up',
        idempotencyKey: 'opening',
      }),
    );
    const { say } = await visitorOf(channel);
    fake.script({ text: 'Two working days.' });
    await say('How long does shipping to Hong Kong take?');
    expect(json(await r.get('/v1/wallet', owner.token)).data).toMatchObject({ balance_cents: 2 });
    const [charge] = json(await r.get('/v1/wallet/transactions?type=withdrawal', owner.token)).data;
    expect(charge).toMatchObject({ topic: 'ai_answer', amount_cents: 5, description: 'Ava' });

    await say('And to Macau?');
    expect(fake.chats()).toHaveLength(1);
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const items = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    const handoff = items.find((item: { activity?: { kind: string } }) => item.activity?.kind === 'ai_handoff');
    expect(handoff.activity).toMatchObject({ ai_reason: 'budget', ai_note: 'the wallet cannot pay for an AI answer' });
    expect(json(await r.get('/v1/wallet', owner.token)).data).toMatchObject({ balance_cents: 2 });
  });

  it("tells the handoff team's members why the agent handed a conversation over, in their words", async () => {
    const s = await agentsSetup(t);
    const channel = await s.webchat(s.owner.token);
    const amy = await join(t, s.owner.workspaceId, 'member', ['conversation_read', 'conversation_write']);
    const support = json(
      await s.r.post('/v1/teams', s.owner.token, { name: 'Support', member_ids: [amy.memberId] }),
    ).data;
    await s.agent(s.owner.token, { channel_ids: [channel.id], handoff_team_id: support.id });
    const { say } = await visitorOf(channel);
    await say('I want to talk to a human');
    const told = await t.database.withWorkspace(s.owner.workspaceId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.type, 'conversation.ai_handoff')),
    );
    expect(told.map((row) => row.userId)).toEqual([amy.user.id]);
    expect(wordsOf(told[0]!.type, told[0]!.params, 'en')).toEqual({
      title: expect.stringMatching(/^The AI agent handed Web visitor \d{4} over to your team$/),
      content: 'the customer asked for a person (webchat)',
    });
    expect(wordsOf(told[0]!.type, told[0]!.params, 'zh-hk').content).toBe('客戶要求真人服務（webchat）');
  });

  it('shows the agent typing to the web-chat visitor while it thinks, then its answer', async () => {
    const { channel } = await trained();
    const { visitor } = await visitorOf(channel);
    await visitor.say('How long does shipping to Hong Kong take?');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await fetch(`${base}/public/v1/webchat/${channel.widget_key}/events?token=${visitor.token}`);
    const heard = readEvents(live, 4, ['typing', 'message']);
    fake.script({ text: 'Two working days.' });
    await t.app.jobs.drain();
    t.clock.advance(2_000);
    await t.app.jobs.drain();
    expect((await heard).map((event) => [event.event, event.data.typing ?? event.data.text])).toEqual([
      ['message', 'How long does shipping to Hong Kong take?'],
      ['typing', true],
      ['typing', false],
      ['message', 'Two working days.'],
    ]);
  });
});
