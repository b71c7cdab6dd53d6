import { TYPING_ACTION } from '@omnichat/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { join } from '../teams/test-helpers.ts';
import { connectWhatsApp, deliverSigned, inboxTest, PHONE_NUMBER_ID, WHATSAPP_TOKEN } from './test-helpers.ts';

const inbox = inboxTest();
let { t, r, graph } = inbox;
beforeEach(() => {
  ({ t, r, graph } = inbox);
});
const agent = ['conversation_read', 'conversation_write', 'customer_read'];

async function customer(token: string, body: object) {
  const created = await r.post('/v1/customers', token, { first_name: 'Amy', last_name: 'Chan', ...body });
  expect(created.statusCode, created.body).toBe(200);
  return json(created).data as { id: string };
}

describe('create conversation', () => {
  it('opens a conversation with a customer reachable on the channel, assigned to whoever started it', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const withPhone = await customer(owner.token, { phone: '+85291234567' });
    const unreachable = await customer(owner.token, { first_name: 'Ben', email: 'ben@example.com' });

    const refused = await r.post('/v1/conversations', amy.token, {
      customer_id: unreachable.id,
      channel_id: channel.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toBe(
      'this customer cannot be reached on this channel: they have no id or number for it',
    );

    const started = await r.post('/v1/conversations', amy.token, { customer_id: withPhone.id, channel_id: channel.id });
    expect(started.statusCode, started.body).toBe(200);
    const conversation = json(started).data;
    expect(conversation).toMatchObject({ status: 'open', assignee_member_id: amy.memberId, session_expires_at: null });
    // the same again finds the open one
    const again = await r.post('/v1/conversations', owner.token, { customer_id: withPhone.id, channel_id: channel.id });
    expect(json(again).data.id).toBe(conversation.id);

    // the customer never wrote: free-form text waits for a template, and nothing reaches Meta
    const text = await r.post(`/v1/conversations/${conversation.id}/messages`, amy.token, { type: 'text', text: 'Hi' });
    expect(text.statusCode).toBe(400);
    expect(graph.sent()).toEqual([]);

    // once they write, the reply goes to their number
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85291234567', text: 'yo' }),
    );
    const reply = await r.post(`/v1/conversations/${conversation.id}/messages`, amy.token, {
      type: 'text',
      text: 'Hi',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(graph.sent().at(-1)).toMatchObject({ authorization: WHATSAPP_TOKEN, body: { to: '85291234567' } });
  });

  it("is refused to a viewer, and another organization's customer or channel is not found", async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    const mine = await customer(owner.token, { phone: '+85291234567' });
    const viewer = await join(t, owner.workspaceId, 'viewer', ['conversation_read']);
    expect(
      (await r.post('/v1/conversations', viewer.token, { customer_id: mine.id, channel_id: channel.id })).statusCode,
    ).toBe(403);
    const outsider = await createOwner(t);
    const theirs = await customer(outsider.token, { phone: '+85291234568' });
    expect(
      (await r.post('/v1/conversations', outsider.token, { customer_id: mine.id, channel_id: channel.id })).statusCode,
    ).toBe(400);
    expect(
      (await r.post('/v1/conversations', owner.token, { customer_id: theirs.id, channel_id: channel.id })).statusCode,
    ).toBe(404);
    expect(json(await r.get('/v1/conversations', outsider.token)).data).toEqual([]);
  });

  it("lists one customer's conversations, open and closed, for their page", async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text: 'a' }),
    );
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234568', text: 'b' }),
    );
    const [latest] = json(await r.get('/v1/conversations', owner.token)).data;
    await r.put(`/v1/conversations/${latest.id}/status`, owner.token, { status: 'closed' });
    const theirs = json(await r.get(`/v1/conversations?customer_id=${latest.customer.id}`, owner.token)).data;
    expect(theirs.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[latest.id, 'closed']]);
  });

  it('moves conversations to the survivor when two customers merge', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text: 'a' }),
    );
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const survivor = await customer(owner.token, { email: 'amy@example.com' });
    const merged = await r.post(`/v1/customers/${survivor.id}/merge`, owner.token, {
      other_id: conversation.customer.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const [moved] = json(await r.get(`/v1/conversations?customer_id=${survivor.id}`, owner.token)).data;
    expect(moved.id).toBe(conversation.id);
    expect(json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data).toHaveLength(1);
  });
});

describe('canned replies', () => {
  it('are kept by agents who reply, read by those who read, with unique shortcuts per organization', async () => {
    const owner = await createOwner(t);
    const created = await r.post('/v1/canned-replies', owner.token, { shortcut: 'Hours', text: 'We open 9 to 6.' });
    expect(json(created).data).toMatchObject({ shortcut: 'hours', text: 'We open 9 to 6.' });
    const clash = await r.post('/v1/canned-replies', owner.token, { shortcut: 'hours', text: 'again' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash).error).toBe('another canned reply has this shortcut');
    expect((await r.post('/v1/canned-replies', owner.token, { shortcut: 'has space', text: 'x' })).statusCode).toBe(
      400,
    );
    await r.post('/v1/canned-replies', owner.token, { shortcut: 'address', text: '1 Queen’s Road' });

    const reader = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    expect(json(await r.get('/v1/canned-replies?keyword=queen', reader.token)).data).toMatchObject([
      { shortcut: 'address' },
    ]);
    const id = json(created).data.id;
    expect((await r.put(`/v1/canned-replies/${id}`, reader.token, { shortcut: 'x', text: 'y' })).statusCode).toBe(403);
    expect((await r.del(`/v1/canned-replies/${id}`, reader.token)).statusCode).toBe(403);

    const outsider = await createOwner(t);
    expect(json(await r.get('/v1/canned-replies', outsider.token)).data).toEqual([]);
    expect((await r.put(`/v1/canned-replies/${id}`, outsider.token, { shortcut: 'x', text: 'y' })).statusCode).toBe(
      404,
    );
    expect((await r.del(`/v1/canned-replies/${id}`, outsider.token)).statusCode).toBe(404);

    const edited = await r.put(`/v1/canned-replies/${id}`, owner.token, {
      shortcut: 'hours',
      text: 'We open 10 to 7.',
    });
    expect(json(edited).data.text).toBe('We open 10 to 7.');
    expect((await r.del(`/v1/canned-replies/${id}`, owner.token)).statusCode).toBe(200);
    expect(json(await r.get('/v1/canned-replies', owner.token)).data).toHaveLength(1);
  });
});

describe('typing indicator', () => {
  const next = (ws: WebSocket, action: string) =>
    new Promise<any>((resolve) =>
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString());
        if (message.action === action) resolve(message);
      }),
    );

  it("reaches the organization's other agents, not another organization's, and only for a conversation one may see", async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text: 'a' }),
    );
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const outsider = await createOwner(t);

    const ownerSocket = await t.app.injectWS(`/v1/ws?token=${owner.token}`);
    const outsiderSocket = await t.app.injectWS(`/v1/ws?token=${outsider.token}`);
    const outsiderHeard: unknown[] = [];
    outsiderSocket.on('message', (raw) => outsiderHeard.push(JSON.parse(raw.toString())));
    const amySocket = await t.app.injectWS(`/v1/ws?token=${amy.token}`);
    const heard = next(ownerSocket, TYPING_ACTION);
    const answered = next(amySocket, TYPING_ACTION);
    amySocket.send(JSON.stringify({ action: TYPING_ACTION, data: { conversation_id: conversation.id, typing: true } }));
    expect(await heard).toMatchObject({
      action: TYPING_ACTION,
      data: { conversation_id: conversation.id, typing: true, member_id: amy.memberId },
    });
    expect(await answered).toBeDefined();

    const refused = next(outsiderSocket, TYPING_ACTION);
    outsiderSocket.send(
      JSON.stringify({ action: TYPING_ACTION, data: { conversation_id: conversation.id, typing: true } }),
    );
    expect(await refused).toMatchObject({ success: false });
    expect(outsiderHeard.filter((m: any) => m.data?.member_id)).toEqual([]);
    for (const ws of [ownerSocket, outsiderSocket, amySocket]) ws.terminate();
  });
});
