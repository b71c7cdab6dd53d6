import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../test/fakes/openai-api.ts';
import { json } from '../../../../test/test-app.ts';
import { inboxTest, openInbox } from '../../conversations/test-helpers.ts';
import { agentBody, configureLlm, PATH } from '../test-helpers.ts';

const KEY = 'sk-answering-test-key';
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ keys: [KEY], models: ['chat-model'] });
});
afterAll(() => fake.close());

const inbox = inboxTest({ overrides: () => ({ llm: { timeoutMs: 300, maxRetries: 2 } }) });
let { graph, t, r } = inbox;
beforeEach(async () => {
  ({ graph, t, r } = inbox);
  fake.reset();
  await configureLlm(t, fake.url, KEY);
});

const SHIPPING = 'Orders to Hong Kong arrive within two working days of payment.';
const RETURNS = 'Unused items can be returned within thirty days for a full refund.';

/** An owner's WhatsApp inbox with an agent bound to it that knows two articles; `ask` is the customer writing. */
async function agentOnInbox(extra: Record<string, unknown> = {}) {
  const { owner, channel, conversation, wrote } = await openInbox(inbox);
  await settle();
  const agent = json(
    await r.post(
      PATH,
      owner.token,
      agentBody({ response_tone: 'warm and brief', channel_ids: [channel.id], ...extra }),
    ),
  ).data;
  for (const [title, content] of [
    ['Shipping times', SHIPPING],
    ['Returns and refunds', RETURNS],
  ])
    expect((await r.post(`${PATH}/${agent.id}/knowledge`, owner.token, { title, content })).statusCode).toBe(200);
  await settle();
  fake.reset();
  const ask = async (text: string) => {
    await wrote(text);
    await settle();
  };
  const thread = async () =>
    json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data as {
      type: string;
      text?: string;
      sender_type?: string;
      sources?: { article_id: string; title: string }[] | null;
      activity?: { kind: string; ai_reason?: string; ai_note?: string };
    }[];
  const detail = async () => json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data;
  return { owner, channel, conversation, agent, ask, thread, detail };
}

/** Runs what is queued, the answer jobs' short gathering wait included. */
async function settle() {
  await t.app.jobs.drain();
  t.clock.advance(2_000);
  await t.app.jobs.drain();
}

const promptText = (body: Record<string, unknown>) => JSON.stringify(body.messages);

describe('an AI agent answering on its channel', () => {
  it('answers from the relevant article, in the tone as written, through the channel, naming its source', async () => {
    const { agent, ask, thread, detail } = await agentOnInbox();
    fake.script({ text: 'They arrive within two working days.' });
    await ask('How long does shipping to Hong Kong take?');

    const [chat] = fake.chats();
    expect(chat).toBeDefined();
    expect(promptText(chat!)).toContain(SHIPPING);
    expect(promptText(chat!)).not.toContain(RETURNS);
    expect(promptText(chat!)).toContain('warm and brief');
    expect(JSON.stringify(chat!.tools)).toContain('handoff_to_human');

    const answer = (await thread()).find((item) => item.sender_type === 'ai_agent');
    expect(answer).toMatchObject({ text: 'They arrive within two working days.' });
    expect(answer!.sources).toEqual([{ article_id: expect.any(String), title: 'Shipping times' }]);
    const sends = graph.sent((request) => JSON.stringify(request.body).includes('two working days'));
    expect(sends).toHaveLength(1);
    expect((await detail()).ai_active).toBe(true);
    expect(agent.id).toBeTruthy();
  });

  it("hands over on the model's handoff_to_human: no text of the model, the team told, later messages unanswered", async () => {
    const { ask, thread, detail } = await agentOnInbox();
    fake.script({ tool: 'handoff_to_human', arguments: { reason: 'wants a discount' } });
    await ask('Can I get a discount on shipping?');

    const after = await detail();
    expect(after).toMatchObject({ ai_active: false, all_teams: true, assignee_member_id: null });
    const items = await thread();
    expect(items.find((item) => item.activity?.kind === 'ai_handoff')?.activity).toMatchObject({
      ai_reason: 'tool',
      ai_note: 'wants a discount',
    });
    expect(items.filter((item) => item.sender_type === 'ai_agent')).toEqual([]);
    expect(items.filter((item) => item.sender_type === 'system').map((item) => item.text)).toEqual([
      'Thank you for your patience: a colleague will answer you here shortly.',
    ]);

    await ask('Hello? How long does shipping to Hong Kong take?');
    expect(fake.chats()).toHaveLength(1);
  });

  it('hands over when the provider fails every try: three chat requests, nothing of it sent', async () => {
    const { ask, thread, detail } = await agentOnInbox();
    fake.script({ status: 500 }, { status: 500 }, { status: 500 });
    await ask('How long does shipping to Hong Kong take?');
    expect(fake.chats()).toHaveLength(3);
    expect((await detail()).ai_active).toBe(false);
    const handoff = (await thread()).find((item) => item.activity?.kind === 'ai_handoff');
    expect(handoff?.activity?.ai_reason).toBe('provider_failed');
  });

  it('hands a customer asking for a person straight over, and a member can hand it back', async () => {
    const { owner, conversation, ask, detail, thread } = await agentOnInbox();
    await ask('I want to talk to a human');
    expect(fake.chats()).toHaveLength(0);
    expect((await detail()).ai_active).toBe(false);

    const back = await r.put(`/v1/conversations/${conversation.id}/ai`, owner.token, { active: true });
    expect(json(back).data.ai_active).toBe(true);
    fake.script({ text: 'Two working days.' });
    await ask('How long does shipping to Hong Kong take?');
    expect((await thread()).filter((item) => item.sender_type === 'ai_agent').map((item) => item.text)).toEqual([
      'Two working days.',
    ]);
    expect(fake.chats()).toHaveLength(1);
  });

  it('lets a person answer: no chat request while a member is assigned', async () => {
    const { owner, conversation, ask } = await agentOnInbox();
    const members = json(await r.get('/v1/workspace/members', owner.token)).data.items;
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: members[0].id,
      team_id: null,
    });
    await ask('How long does shipping to Hong Kong take?');
    expect(fake.chats()).toHaveLength(0);
  });
});
