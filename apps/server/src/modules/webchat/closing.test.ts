import { TYPING_ACTION } from '@omnichat/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel } from '../channels/test-helpers.ts';
import { customers } from '../customers/index.ts';
import { join } from '../teams/test-helpers.ts';
import { readEvents, widget } from './test-helpers.ts';

const setup = channelsTest();
let { t, r } = setup;
let base: string | undefined;
beforeEach(() => {
  ({ t, r } = setup);
  base = undefined;
});
/** The app listening, for the event streams (once per test's app). */
const listening = async () => {
  base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return base;
};

async function chatting() {
  const { owner, channel } = await webchatChannel(t);
  const visitor = widget(t, channel.widget_key);
  await visitor.start();
  await visitor.say('My parcel is late');
  const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
  const stream = async () =>
    fetch(`${await listening()}/public/v1/webchat/${channel.widget_key}/events?token=${visitor.token}`);
  return { owner, channel, visitor, conversation, stream };
}

describe('closing a web-chat conversation', () => {
  it('tells the visitor, who then rates it once closed; agents see the rating on the conversation', async () => {
    const { owner, visitor, conversation, stream } = await chatting();
    const changes: string[] = [];
    t.app.events.on('conversation.changed', 'test.subscriber', async (event) => void changes.push(event.data.change));
    const early = await visitor.call('POST', '/rating', { score: 4 });
    expect(early.statusCode).toBe(409);
    expect(json(early).error).toBe('this conversation is still open: it can be rated once it is closed');
    expect(json(await visitor.call('GET', '/conversation')).data).toEqual({
      id: conversation.id,
      status: 'open',
      csat_score: null,
    });

    const live = await stream();
    const told = readEvents(live, 1, ['status']);
    const closed = await r.put(`/v1/conversations/${conversation.id}/status`, owner.token, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    const [status] = await told;
    expect(status).toMatchObject({
      event: 'status',
      id: undefined,
      data: { status: 'closed', conversation_id: conversation.id },
    });

    const rated = await visitor.call('POST', '/rating', { score: 5, comment: 'Quick and kind' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(json(rated).data).toEqual({ id: conversation.id, status: 'closed', csat_score: 5 });
    const detail = json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data;
    expect(detail).toMatchObject({ csat_score: 5, csat_comment: 'Quick and kind' });
    expect(detail.csat_rated_at).toBeGreaterThan(0);
    // announced, so the agents' open thread shows the rating without a reload
    await t.app.jobs.drain();
    expect(changes).toContain('rated');
    // the visitor's thread never shows it as a message
    expect((await visitor.thread()).map((m) => m.text)).toEqual(['My parcel is late']);
  });

  it('refuses a bad score, a visitor who never wrote, and another visitor’s conversation; nothing is stored', async () => {
    const { owner, channel, visitor, conversation } = await chatting();
    await r.put(`/v1/conversations/${conversation.id}/status`, owner.token, { status: 'closed' });
    for (const body of [
      { score: 0 },
      { score: 6 },
      { score: 4.5 },
      { score: '5' },
      {},
      { score: 3, comment: 'x'.repeat(1001) },
    ])
      expect((await visitor.call('POST', '/rating', body)).statusCode, JSON.stringify(body)).toBe(400);
    const newcomer = widget(t, channel.widget_key);
    await newcomer.start();
    expect((await newcomer.call('POST', '/rating', { score: 1 })).statusCode).toBe(404);
    const other = widget(t, channel.widget_key);
    await other.start();
    await other.say('Me too');
    const theirs = await other.call('POST', '/rating', { score: 1, conversation_id: conversation.id });
    expect(theirs.statusCode).toBe(404);
    expect((await widget(t, channel.widget_key).call('POST', '/rating', { score: 1 })).statusCode).toBe(401);
    const elsewhere = await chatting();
    const foreign = widget(t, elsewhere.channel.widget_key);
    foreign.token = visitor.token;
    expect((await foreign.call('POST', '/rating', { score: 1 })).statusCode).toBe(401);
    expect(json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data.csat_score).toBeNull();
  });
});

describe("an agent's typing", () => {
  it("reaches the conversation's visitor, not another visitor", async () => {
    const { owner, channel, conversation, stream } = await chatting();
    const other = widget(t, channel.widget_key);
    await other.start();
    await other.say('Someone else');
    const otherLive = await fetch(
      `${await listening()}/public/v1/webchat/${channel.widget_key}/events?token=${other.token}`,
    );
    // the other visitor's stream: its catch-up, then a reply to them, and no typing in between
    const otherHeard = readEvents(otherLive, 2, ['typing', 'message']);
    const live = await stream();
    const heard = readEvents(live, 2, ['typing']);
    const amy = await join(t, owner.workspaceId, 'member', ['conversation_read', 'conversation_write']);
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, { assignee_member_id: amy.memberId });
    const socket = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    const type = (typing: boolean) =>
      socket.send(JSON.stringify({ action: TYPING_ACTION, data: { conversation_id: conversation.id, typing } }));
    type(true);
    type(false);
    expect((await heard).map((event) => event.data)).toEqual([{ typing: true }, { typing: false }]);
    const [theirConversation] = json(await r.get('/v1/conversations', owner.token)).data.filter(
      (c: { id: string }) => c.id !== conversation.id,
    );
    await r.post(`/v1/conversations/${theirConversation.id}/messages`, owner.token, { type: 'text', text: 'Hi!' });
    expect((await otherHeard).map((event) => [event.event, event.data.text])).toEqual([
      ['message', 'Someone else'],
      ['message', 'Hi!'],
    ]);
    socket.terminate();
  });
});

describe('outside business hours', () => {
  it('the e-mail the visitor leaves goes on their customer and into the conversation for the agents', async () => {
    const { owner, channel } = await webchatChannel(t);
    await r.put(`/v1/channels/${channel.id}`, owner.token, {
      widget: { business_hours: { enabled: true, hours: [] }, offline_message: 'We are closed' },
    });
    const visitor = widget(t, channel.widget_key);
    expect(json(await visitor.call('GET', '')).data).toMatchObject({ online: false, offline_message: 'We are closed' });
    await visitor.start();
    await visitor.say('Do you open on Sunday?');
    expect((await visitor.call('POST', '/contact', { email: 'nope' })).statusCode).toBe(400);
    const left = await visitor.call('POST', '/contact', { email: 'Ben@Example.com' });
    expect(left.statusCode, left.body).toBe(200);
    expect(json(left).data.text).toBe('E-mail for a reply: ben@example.com');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread.map((m: { text: string }) => m.text)).toContain('E-mail for a reply: ben@example.com');
    const customer = json(await r.get(`/v1/customers/${conversation.customer.id}`, owner.token)).data;
    expect(customer.email).toBe('ben@example.com');
    const outsider = await createOwner(t);
    expect(
      await t.database.withWorkspace(outsider.workspaceId, async (tx) => (await tx.select().from(customers)).length),
    ).toBe(0);
  });
});
