import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { channelsTest, webchatChannel as createWebchatChannel } from '../channels/test-helpers.ts';
import { join } from '../teams/test-helpers.ts';
import { readEvents, widget } from './test-helpers.ts';

const setup = channelsTest();
let { t, r } = setup;
beforeEach(() => {
  ({ t, r } = setup);
});

async function webchatChannel(name = 'Website') {
  const { owner, channel } = await createWebchatChannel(t, { name });
  return { owner, channel, visitor: widget(t, channel.widget_key) };
}

describe('web-chat widget API', () => {
  it("answers any site: the channel's name by its key, preflight allowed, unknown keys 404", async () => {
    const { visitor } = await webchatChannel('Acme help');
    const config = await visitor.call('GET', '');
    expect(json(config).data).toMatchObject({ name: 'Acme help', title: 'Acme help', online: true });
    expect(config.headers['access-control-allow-origin']).toBe('*');
    expect(config.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/public/v1/webchat/whatever-key/messages',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    expect((await widget(t, 'no-such-key-000').call('GET', '')).statusCode).toBe(404);
    expect((await widget(t, 'no-such-key-000').call('POST', '/visitors', {})).statusCode).toBe(404);
  });

  it('a visitor writes and agents see it as a conversation with a new customer; a retried send is stored once', async () => {
    const { owner, visitor } = await webchatChannel();
    await visitor.start({ name: 'Amy Chan' });
    const clientId = randomUUID();
    const sent = await visitor.say('Do you ship to Kowloon?', clientId);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await visitor.say('Do you ship to Kowloon?', clientId)).statusCode).toBe(200);

    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation).toMatchObject({
      channel_type: 'webchat',
      unread_count: 1,
      last_message_preview: 'Do you ship to Kowloon?',
      customer: { display_name: 'Amy Chan', phone: null },
    });
    const messages = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ direction: 'inbound', status: 'received', text: 'Do you ship to Kowloon?' });
    const customer = json(await r.get(`/v1/customers/${conversation.customer.id}`, owner.token)).data;
    expect(customer).toMatchObject({ first_name: 'Amy', last_name: 'Chan', source: 'webchat' });
  });

  it("the visitor sees agents' replies but never their notes; a wrong or missing token reads nothing", async () => {
    const { owner, visitor } = await webchatChannel();
    await visitor.start();
    await visitor.say('Hello?');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation.customer.display_name).toMatch(/^Web visitor \d{4}$/);
    const reply = await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'text',
      text: 'Hi, how can I help?',
    });
    expect(json(reply).data.status).toBe('sent');
    await r.post(`/v1/conversations/${conversation.id}/notes`, owner.token, { text: 'VIP, be nice' });

    const thread = await visitor.thread();
    expect(thread.map((m) => [m.direction, m.text])).toEqual([
      ['inbound', 'Hello?'],
      ['outbound', 'Hi, how can I help?'],
    ]);
    expect(await visitor.thread(thread[0].seq)).toHaveLength(1);

    const stranger = widget(t, json(await r.get('/v1/channels', owner.token)).data[0].widget_key);
    expect((await stranger.call('GET', '/messages')).statusCode).toBe(401);
    expect((await stranger.say('let me in')).statusCode).toBe(401);
    // the token of one channel's visitor means nothing on another channel
    const other = await webchatChannel('Other shop');
    const borrowed = await t.app.inject({
      method: 'GET',
      url: `/public/v1/webchat/${other.channel.widget_key}/messages`,
      headers: { authorization: `Bearer ${visitor.token}` },
    });
    expect(borrowed.statusCode).toBe(401);
  });

  it('streams replies live to the widget, and a reconnect gets what it missed after Last-Event-ID', async () => {
    const { owner, channel, visitor } = await webchatChannel();
    await visitor.start();
    await visitor.say('Anyone there?');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const events = `${base}/public/v1/webchat/${channel.widget_key}/events?token=${visitor.token}`;

    const live = await fetch(events);
    expect(live.headers.get('content-type')).toContain('text/event-stream');
    const received = readEvents(live, 2);
    await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, { type: 'text', text: 'Yes!' });
    const [first, second] = await received;
    expect(first!.data.text).toBe('Anyone there?'); // the catch-up from after_seq 0
    expect(second!.data).toMatchObject({ direction: 'outbound', text: 'Yes!' });

    await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, { type: 'text', text: 'Still here' });
    const again = await fetch(events, { headers: { 'last-event-id': second!.id! } });
    const [missed] = await readEvents(again, 1);
    expect(missed!.data.text).toBe('Still here');

    expect((await fetch(`${base}/public/v1/webchat/${channel.widget_key}/events?token=forged`)).status).toBe(401);
    // an open stream does not hold up shutdown (afterEach closes the app)
    await fetch(events);
  });

  it("keeps a visitor's conversation in their organization only", async () => {
    const { owner, visitor } = await webchatChannel();
    await visitor.start();
    await visitor.say('Private question');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const outsider = await createOwner(t);
    expect(json(await r.get('/v1/conversations', outsider.token)).data).toEqual([]);
    expect((await r.get(`/v1/conversations/${conversation.id}/messages`, outsider.token)).statusCode).toBe(404);
    const viewer = await join(t, owner.workspaceId, 'viewer', []);
    expect((await r.get('/v1/conversations', viewer.token)).statusCode).toBe(403);
  });
});
