import { beforeEach, describe, expect, it } from 'vitest';
import {
  instagramEcho,
  instagramMessage,
  instagramRead,
  messengerDelivery,
  messengerEcho,
  messengerMessage,
  messengerRead,
  whatsappStatus,
  whatsappText,
} from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { messages } from './conversations.tables.ts';
import {
  connectInstagram,
  connectMessenger,
  connectWhatsApp,
  INSTAGRAM,
  inboxTest,
  PAGE_ID,
  PHONE_NUMBER_ID,
  PSID,
  postWebhook,
} from './test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const textFrom = (from: string, id: string, text: string, timestamp: number, name = 'Amy Chan') =>
  whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from, id, text, timestamp, name });
const statusOf = (
  id: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  error?: { code: number; title: string },
) =>
  whatsappStatus({ phoneNumberId: PHONE_NUMBER_ID, id, status, recipientId: '85251234567', ...(error && { error }) });

const whatsappChannel = (owner: { token: string }) => connectWhatsApp(inbox, owner.token);

const deliver = (channelId: string, payload: object) => postWebhook(t, channelId, payload);
const messagesOf = (workspaceId: string) =>
  t.database.withWorkspace(workspaceId, (tx) => tx.select().from(messages).orderBy(messages.seq));

describe('WhatsApp webhooks', () => {
  it('turn a signed message into a customer, an open conversation and a message the inbox lists', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const sentAt = Math.floor(Date.now() / 1000) - 60;
    const answer = await deliver(channel.id, textFrom('85251234567', 'wamid.IN1', 'Hello / 你好 café', sentAt));
    expect(answer.statusCode).toBe(200);
    await t.app.jobs.drain();

    const listed = json(await r.get('/v1/conversations', owner.token));
    expect(listed.data).toHaveLength(1);
    const conversation = listed.data[0];
    expect(conversation).toMatchObject({
      channel_id: channel.id,
      channel_type: 'whatsapp',
      status: 'open',
      unread_count: 1,
      last_message_at: sentAt,
      last_message_preview: 'Hello / 你好 café',
      customer: { display_name: 'Amy Chan', phone: '+85251234567' },
    });
    const detail = json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data;
    expect(detail.session_expires_at).toBe(sentAt + 24 * 3600);
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread).toEqual([
      expect.objectContaining({
        direction: 'inbound',
        type: 'text',
        text: 'Hello / 你好 café',
        status: 'received',
        external_id: 'wamid.IN1',
        created_at: sentAt,
      }),
    ]);
    // the customer is in the CRM, from WhatsApp
    const customer = json(await r.get(`/v1/customers/${conversation.customer.id}`, owner.token)).data;
    expect(customer).toMatchObject({
      first_name: 'Amy',
      last_name: 'Chan',
      whatsapp_id: '85251234567',
      source: 'whatsapp',
    });
  });

  it('push the new message live to agents of the organization, and to nobody else', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const agent = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    const stranger = await join(t, owner.workspaceId, 'member', ['customer_read']);
    const other = await createOwner(t);
    const sockets = await Promise.all(
      [agent, stranger, other].map((who) => t.app.injectWS(`/v1/ws?token=${who.token}`)),
    );
    const heard = sockets.map((ws) => {
      const got: Record<string, unknown>[] = [];
      ws.on('message', (raw) => got.push(JSON.parse(raw.toString())));
      return got;
    });
    await deliver(channel.id, textFrom('85251234567', 'wamid.LIVE', 'are you there?', Math.floor(Date.now() / 1000)));
    await t.app.jobs.drain();
    // one fan-out sends every socket its push: once the agent's arrived, a stray one to the others would have too
    await expect.poll(() => heard[0]!.length, { timeout: 10_000 }).toBe(1);
    expect(heard[0]).toEqual([
      {
        action: 'conversation.message',
        success: true,
        data: expect.objectContaining({ text: 'are you there?', external_id: 'wamid.LIVE', direction: 'inbound' }),
      },
    ]);
    expect(heard[1]).toEqual([]);
    expect(heard[2]).toEqual([]);
    for (const ws of sockets) ws.terminate();
  });

  it('let a socket that was away catch up on what it missed, by the last seq it saw', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    await deliver(channel.id, textFrom('85251234567', 'wamid.C1', 'seen', Math.floor(Date.now() / 1000)));
    await t.app.jobs.drain();
    const [seen] = await messagesOf(owner.workspaceId);
    // away: two more messages arrive
    await deliver(channel.id, textFrom('85251234567', 'wamid.C2', 'missed one', Math.floor(Date.now() / 1000)));
    await deliver(channel.id, textFrom('85251234568', 'wamid.C3', 'missed two', Math.floor(Date.now() / 1000), 'Ben'));
    await t.app.jobs.drain();

    const ask = async (token: string, data: object) => {
      const ws = await t.app.injectWS(`/v1/ws?token=${token}`);
      const answer = new Promise<Record<string, unknown>>((resolve) =>
        ws.once('message', (raw) => resolve(JSON.parse(raw.toString()))),
      );
      ws.send(JSON.stringify({ action: 'conversation.catch_up', data, request_id: 'c1' }));
      const reply = await answer;
      ws.terminate();
      return reply;
    };
    const reply = await ask(owner.token, { after_seq: seen!.seq, limit: 1 });
    expect(reply).toMatchObject({ success: true, data: { more: true } });
    expect((reply.data as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(['missed one']);
    const rest = await ask(owner.token, { after_seq: seen!.seq });
    expect((rest.data as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual([
      'missed one',
      'missed two',
    ]);
    // nothing of another organization, and nothing without conversation_read
    const other = await createOwner(t);
    expect((await ask(other.token, { after_seq: 0 })).data).toEqual({ messages: [], more: false });
    const stranger = await join(t, owner.workspaceId, 'member', ['customer_read']);
    expect(await ask(stranger.token, { after_seq: 0 })).toMatchObject({ success: false });
  });

  it('store a message once however often Meta delivers it, also ten times at once', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const payload = textFrom('85251234567', 'wamid.DUP', 'once', Math.floor(Date.now() / 1000));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(channel.id, payload)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    await t.app.jobs.drain();
    await deliver(channel.id, payload);
    await t.app.jobs.drain();
    expect((await messagesOf(owner.workspaceId)).map((m) => m.externalId)).toEqual(['wamid.DUP']);
  });

  it('apply a batch of deliveries at once as one at a time would: known, linked, new and returning customers', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    const byHand = json(
      await r.post('/v1/customers', owner.token, { first_name: 'Ben', last_name: 'Lee', phone: '+85251110001' }),
    ).data;
    // a phone held by a customer with another WhatsApp id: the newcomer becomes a customer of its own
    await r.post('/v1/customers', owner.token, {
      first_name: 'Old',
      last_name: 'Number',
      phone: '+85251110002',
      whatsapp_id: '85259990000',
    });
    await deliver(channel.id, textFrom('85251110003', 'wamid.B0', 'first visit', 1_700_000_000, 'Cara Ng'));
    await t.app.jobs.drain();
    const [cara] = json(await r.get('/v1/conversations', owner.token)).data;
    await r.put(`/v1/conversations/${cara.id}/status`, owner.token, { status: 'closed' });

    // stored while no job runs, then applied in one batch
    for (const [from, id, text, name] of [
      ['85251110001', 'wamid.B1', 'ben writes', 'Ben'],
      ['85251110002', 'wamid.B2', 'new owner of an old number', 'Dora'],
      ['85251110003', 'wamid.B3', 'cara is back', 'Cara Ng'],
      ['85251110004', 'wamid.B4', 'eve one', 'Eve'],
      ['85251110004', 'wamid.B5', 'eve two', 'Eve'],
      ['85251110004', 'wamid.B4', 'eve one', 'Eve'],
    ] as const)
      expect((await postWebhook(t, channel.id, textFrom(from, id, text, 1_700_000_100, name))).statusCode).toBe(200);
    await t.app.jobs.drain();

    const listed = json(await r.get('/v1/conversations', owner.token)).data as any[];
    const of = (phone: string) => listed.filter((c) => c.customer.phone === phone);
    expect(of('+85251110001')).toEqual([
      expect.objectContaining({ customer: expect.objectContaining({ id: byHand.id }) }),
    ]);
    expect(of('+85251110003')).toEqual([expect.objectContaining({ id: cara.id, status: 'open' })]);
    expect(of('+85251110004')).toHaveLength(1);
    const eve = json(await r.get(`/v1/conversations/${of('+85251110004')[0].id}/messages`, owner.token)).data;
    expect(eve.map((m: { text: string }) => m.text)).toEqual(['eve one', 'eve two']);
    const dora = listed.find((c) => c.last_message_preview === 'new owner of an old number');
    expect(json(await r.get(`/v1/customers/${dora.customer.id}`, owner.token)).data).toMatchObject({
      whatsapp_id: '85251110002',
      phone: null,
    });
    expect(json(await r.get(`/v1/customers/${byHand.id}`, owner.token)).data.whatsapp_id).toBe('85251110001');
  });

  it('move outbound statuses forward only, keeping Meta’s error of a failed one', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    await deliver(channel.id, textFrom('85251234567', 'wamid.IN', 'hi', Math.floor(Date.now() / 1000)));
    await t.app.jobs.drain();
    const [inbound] = await messagesOf(owner.workspaceId);
    // two replies as the send path stores them
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.insert(messages).values(
        ['wamid.OUT1', 'wamid.OUT2'].map((externalId) => ({
          workspaceId: owner.workspaceId,
          conversationId: inbound!.conversationId,
          channelId: channel.id,
          direction: 'outbound' as const,
          type: 'text',
          text: 'reply',
          status: 'sent' as const,
          externalId,
        })),
      ),
    );
    for (const status of ['read', 'delivered', 'sent'] as const)
      await deliver(channel.id, statusOf('wamid.OUT1', status));
    await deliver(channel.id, statusOf('wamid.OUT1', 'failed', { code: 131047, title: 'Re-engagement message' }));
    await deliver(channel.id, statusOf('wamid.OUT2', 'failed', { code: 131026, title: 'Message undeliverable' }));
    await t.app.jobs.drain();
    const rows = await messagesOf(owner.workspaceId);
    expect(rows.find((m) => m.externalId === 'wamid.OUT1')).toMatchObject({ status: 'read', errorCode: null });
    expect(rows.find((m) => m.externalId === 'wamid.OUT2')).toMatchObject({
      status: 'failed',
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
    });
  });

  it('take a username that hides its number as a customer without a phone', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    await deliver(
      channel.id,
      whatsappText({
        phoneNumberId: PHONE_NUMBER_ID,
        userId: 'HK.12345678901234567890',
        name: 'Quiet One',
        text: 'hi',
      }),
    );
    await t.app.jobs.drain();
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation.customer).toMatchObject({ display_name: 'Quiet One', phone: null });
  });

  it('keep conversations to their organization and to holders of conversation_read', async () => {
    const owner = await createOwner(t);
    const channel = await whatsappChannel(owner);
    await deliver(channel.id, textFrom('85251234567', 'wamid.T1', 'private', Math.floor(Date.now() / 1000)));
    await t.app.jobs.drain();
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;

    const other = await createOwner(t);
    expect(json(await r.get('/v1/conversations', other.token)).data).toEqual([]);
    expect((await r.get(`/v1/conversations/${conversation.id}`, other.token)).statusCode).toBe(404);
    expect((await r.get(`/v1/conversations/${conversation.id}/messages`, other.token)).statusCode).toBe(404);
    expect(json(await r.get('/v1/conversations?keyword=private', other.token)).data).toEqual([]);

    const stranger = await join(t, owner.workspaceId, 'member', ['customer_read']);
    expect((await r.get('/v1/conversations', stranger.token)).statusCode).toBe(403);
    const agent = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    // unassigned, so every agent sees it; found by message text and by phone
    expect(json(await r.get('/v1/conversations?keyword=privat', agent.token)).data).toHaveLength(1);
    expect(json(await r.get('/v1/conversations?keyword=5123', agent.token)).data).toHaveLength(1);
    expect(json(await r.get('/v1/conversations?keyword=nothing', agent.token)).data).toEqual([]);
    expect(json(await r.get('/v1/conversations?filter=closed', agent.token)).data).toEqual([]);
  });
});

describe('Messenger and Instagram webhooks', () => {
  it('store messages, the Page’s echoes, and deliveries and reads by watermark', async () => {
    const owner = await createOwner(t);
    const page = await connectMessenger(inbox, owner.token);
    const now = Date.now();
    const people = { pageId: PAGE_ID, psid: PSID };
    await deliver(page.id, messengerMessage({ ...people, mid: 'm_in', text: 'Hi page', timestampMs: now - 5000 }));
    await deliver(page.id, messengerEcho({ ...people, mid: 'm_echo', text: 'Hello!', timestampMs: now - 4000 }));
    // Meta's deliveries carry no timestamp, only the watermark
    await deliver(page.id, messengerDelivery({ ...people, watermark: now - 3500 }));
    await t.app.jobs.drain();
    let rows = await messagesOf(owner.workspaceId);
    expect(rows.map((m) => [m.externalId, m.direction, m.status])).toEqual([
      ['m_in', 'inbound', 'received'],
      ['m_echo', 'outbound', 'delivered'],
    ]);
    await deliver(page.id, messengerRead({ ...people, watermark: now - 1000 }));
    await t.app.jobs.drain();
    rows = await messagesOf(owner.workspaceId);
    expect(rows.find((m) => m.externalId === 'm_echo')!.status).toBe('read');
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(conversation).toMatchObject({ channel_type: 'messenger', unread_count: 1, customer: { phone: null } });
  });

  it('take Instagram messages through the linked Page, echoes and reads by message id', async () => {
    const owner = await createOwner(t);
    const instagram = await connectInstagram(inbox, owner.token);
    const people = { accountId: INSTAGRAM.accountId, igsid: INSTAGRAM.igsid };
    // a WhatsApp-shaped body on an Instagram channel says nothing to it
    await deliver(instagram.id, textFrom('85251234567', 'wamid.WRONG', 'not here', Math.floor(Date.now() / 1000)));
    await deliver(instagram.id, instagramMessage({ ...people, mid: 'ig_in', text: 'Love it 😍' }));
    await deliver(instagram.id, instagramEcho({ ...people, mid: 'ig_out', text: 'Thanks!' }));
    await deliver(instagram.id, instagramRead({ ...people, mid: 'ig_out' }));
    await t.app.jobs.drain();
    const rows = await messagesOf(owner.workspaceId);
    expect(rows.map((m) => [m.externalId, m.direction, m.status, m.text])).toEqual([
      ['ig_in', 'inbound', 'received', 'Love it 😍'],
      ['ig_out', 'outbound', 'read', 'Thanks!'],
    ]);
    const customer = json(
      await r.get(
        `/v1/customers/${json(await r.get('/v1/conversations', owner.token)).data[0].customer.id}`,
        owner.token,
      ),
    ).data;
    expect(customer).toMatchObject({ instagram_id: INSTAGRAM.igsid, source: 'instagram' });
  });
});
