import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappPayload, whatsappStatus, whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import type { DomainEvent } from '../../platform/events/catalogue.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { join, ownerMemberId } from '../teams/test-helpers.ts';
import { messages } from './conversations.tables.ts';
import {
  CUSTOMER,
  connectWhatsApp,
  deliverSigned,
  inboxTest,
  openInbox,
  PHONE_NUMBER_ID,
  postWebhook,
  silentSocket,
} from './test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const agent = ['conversation_read', 'conversation_write'];

/** What a module that comes next would do: subscribe to the inbox's events on the app's bus, durably. */
function subscriber() {
  const stored: DomainEvent<'message.stored'>[] = [];
  const statuses: DomainEvent<'message.status_changed'>[] = [];
  const changed: DomainEvent<'conversation.changed'>[] = [];
  t.app.events.on('message.stored', 'test.subscriber', async (event) => void stored.push(event));
  t.app.events.on('message.status_changed', 'test.subscriber', async (event) => void statuses.push(event));
  t.app.events.on('conversation.changed', 'test.subscriber', async (event) => void changed.push(event));
  return { stored, statuses, changed };
}

const reply = (token: string, conversationId: string, text: string) =>
  r.post(`/v1/conversations/${conversationId}/messages`, token, { type: 'text', text });
const deliveriesFor = (listener: string) =>
  t.database.unsafeCrossTenant('test reads the event deliveries', (tx) =>
    tx
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, 'events.deliver'), sql`${jobs.payload}->>'listener' = ${listener}`)),
  );

describe('the inbox announces what it stores', () => {
  it('gives a subscriber a webhook message and an agent reply with the conversation facts it needs', async () => {
    const events = subscriber();
    const { owner, channel, conversation, wrote } = await openInbox(inbox);
    const amy = await join(t, owner.workspaceId, 'member', agent);
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: amy.memberId,
      team_id: null,
    });
    const answer = await reply(amy.token, conversation.id, 'On it');
    expect(answer.statusCode).toBe(200);
    await wrote('thanks');
    await t.app.jobs.drain();

    const facts = {
      id: conversation.id,
      customer_id: conversation.customer.id,
      channel_id: channel.id,
      channel_type: 'whatsapp',
      team_id: null,
      all_teams: false,
      status: 'open',
    };
    expect(events.stored.map((event) => event.data)).toEqual([
      {
        message: expect.objectContaining({ direction: 'inbound', type: 'text', text: 'hello', status: 'received' }),
        conversation: { ...facts, assignee_member_id: null },
        sender_member_id: null,
      },
      {
        message: expect.objectContaining({ id: json(answer).data.id, direction: 'outbound', status: 'sent' }),
        conversation: { ...facts, assignee_member_id: amy.memberId },
        sender_member_id: amy.memberId,
      },
      {
        message: expect.objectContaining({ direction: 'inbound', text: 'thanks' }),
        conversation: { ...facts, assignee_member_id: amy.memberId },
        sender_member_id: null,
      },
    ]);
    expect(events.stored.every((event) => event.workspaceId === owner.workspaceId)).toBe(true);
    expect((await r.post(`/v1/conversations/${conversation.id}/read`, amy.token, {})).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(
      events.changed.map((event) => [event.data.change, event.data.by_member_id, event.data.conversation]),
    ).toEqual([
      ['assigned', await ownerMemberId(t, owner.workspaceId), { ...facts, assignee_member_id: amy.memberId }],
      ['read', amy.memberId, { ...facts, assignee_member_id: amy.memberId }],
    ]);

    // Meta's status of the reply: a status change, with the same facts
    await deliverSigned(
      t,
      channel.id,
      whatsappStatus({
        phoneNumberId: PHONE_NUMBER_ID,
        id: json(answer).data.external_id,
        status: 'delivered',
        recipientId: CUSTOMER,
      }),
    );
    expect(events.statuses.map((event) => event.data)).toEqual([
      {
        message: expect.objectContaining({ id: json(answer).data.id, status: 'delivered' }),
        conversation: { ...facts, assignee_member_id: amy.memberId },
      },
    ]);
  });

  it("stores a webhook batch's messages as one delivery per durable listener, in their order", async () => {
    const events = subscriber();
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    const texts = ['one', 'two', 'three', 'four'];
    const batch = whatsappPayload(
      texts.map((text, i) => whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: `8525123456${i}`, text })),
    );
    expect((await postWebhook(t, channel.id, batch)).statusCode).toBe(200);
    await t.app.jobs.drain();

    expect(events.stored.map((event) => event.data.message.text)).toEqual(texts);
    const deliveries = await deliveriesFor('test.subscriber');
    expect(deliveries).toHaveLength(1);
    expect((deliveries[0]!.payload as { events: unknown[] }).events).toHaveLength(4);
  });

  it('announces the conversations a customer merge moves to the survivor, and the agents refetch them', async () => {
    const events = subscriber();
    const { owner, channel, conversation } = await openInbox(inbox);
    const socket = await silentSocket(t, owner.token);
    const survivor = json(
      await r.post('/v1/customers', owner.token, { first_name: 'Amy', last_name: 'Chan', email: 'amy@example.com' }),
    ).data;
    const merged = await r.post(`/v1/customers/${survivor.id}/merge`, owner.token, {
      other_id: conversation.customer.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await expect.poll(() => socket.heard('conversation.changed')).toEqual([{ id: conversation.id }]);
    await t.app.jobs.drain();
    expect(events.changed.map((event) => event.data)).toEqual([
      {
        change: 'customer_merged',
        conversation: expect.objectContaining({
          id: conversation.id,
          customer_id: survivor.id,
          channel_id: channel.id,
        }),
        by_member_id: null,
      },
    ]);
    socket.close();
  });
});

describe('listeners of the inbox events', () => {
  it('that fail leave the reply, its push to the agents and the other listeners as they were', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const durable: string[] = [];
    t.app.events.on('message.stored', 'test.broken', async () => {
      throw new Error('listener is broken');
    });
    t.app.events.onCommitted('message.stored', 'test.broken', () => {
      throw new Error('committed listener is broken');
    });
    t.app.events.on('message.stored', 'test.working', async (event) => void durable.push(event.data.message.text!));
    const socket = await silentSocket(t, owner.token);

    const answer = await reply(owner.token, conversation.id, 'Still here');
    expect(answer.statusCode).toBe(200);
    await expect.poll(() => socket.texts()).toContain('Still here');
    await t.app.jobs.drain();
    expect(durable).toEqual(['Still here']);
    const thread = json(await r.get(`/v1/conversations/${conversation.id}/messages`, owner.token)).data;
    expect(thread.map((message: { text: string }) => message.text)).toEqual(['hello', 'Still here']);
    const [broken] = await deliveriesFor('test.broken');
    expect(broken).toBeDefined();
    socket.close();
  });

  it('hear nothing of a reply whose transaction rolled back', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const events = subscriber();
    const committed: string[] = [];
    t.app.events.onCommitted('message.stored', 'test.committed', (event) => committed.push(event.data.message.text!));
    const socket = await silentSocket(t, owner.token);

    // the reply's request runs inside a transaction of the same organization, which it joins; that one fails after
    await expect(
      t.database.withWorkspace(owner.workspaceId, async () => {
        expect((await reply(owner.token, conversation.id, 'Undone')).statusCode).toBe(200);
        throw new Error('the change fails after the reply');
      }),
    ).rejects.toThrow('the change fails after the reply');
    expect((await reply(owner.token, conversation.id, 'Kept')).statusCode).toBe(200);
    await expect.poll(() => socket.texts()).toContain('Kept');
    await socket.settled();
    await t.app.jobs.drain();

    expect(socket.texts()).not.toContain('Undone');
    expect(committed).toEqual(['Kept']);
    expect(events.stored.map((event) => event.data.message.text)).toEqual(['Kept']);
    expect(await deliveriesFor('test.subscriber')).toHaveLength(1);
    const undone = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(messages).where(eq(messages.text, 'Undone')),
    );
    expect(undone).toEqual([]);
    socket.close();
  });
});

describe('the pushes of the inbox events', () => {
  it('reach exactly the agents who may see the conversation', async () => {
    const { owner, channel, conversation, wrote } = await openInbox(inbox);
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    const carl = await join(t, owner.workspaceId, 'member', ['conversation_write']);
    const sockets = {
      owner: await silentSocket(t, owner.token),
      amy: await silentSocket(t, amy.token),
      ben: await silentSocket(t, ben.token),
      carl: await silentSocket(t, carl.token),
    };
    const settled = () => Promise.all(Object.values(sockets).map((socket) => socket.settled()));
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: amy.memberId,
      team_id: null,
    });
    const answer = await reply(amy.token, conversation.id, 'From amy');
    await wrote('to amy');
    await deliverSigned(
      t,
      channel.id,
      whatsappStatus({ phoneNumberId: PHONE_NUMBER_ID, id: json(answer).data.external_id, status: 'read' }),
    );
    await expect.poll(() => sockets.amy.heard('conversation.message_status')).toHaveLength(1);
    await settled();

    for (const who of [sockets.owner, sockets.amy]) {
      expect(who.texts()).toEqual(['From amy', 'to amy']);
      expect(who.heard('conversation.message_status')).toEqual([expect.objectContaining({ status: 'read' })]);
    }
    for (const who of [sockets.ben, sockets.carl]) {
      expect(who.texts()).toEqual([]);
      expect(who.heard('conversation.message_status')).toEqual([]);
    }
    // the assignment: every reader refetches (it may have left their list), none without conversation_read
    for (const who of [sockets.owner, sockets.amy, sockets.ben])
      expect(who.heard('conversation.changed')).toEqual([{ id: conversation.id }]);
    expect(sockets.carl.heard('conversation.changed')).toEqual([]);
    for (const socket of Object.values(sockets)) socket.close();
  });
});
