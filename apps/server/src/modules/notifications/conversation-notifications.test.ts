import { AsyncLocalStorage } from 'node:async_hooks';
import type { NotificationQueryResult } from '@omnichat/contracts';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { whatsappPayload, whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createSubscriber } from '../../../test/fakes/push-service.ts';
import { createOwner } from '../../../test/fixtures.ts';
import {
  connectWhatsApp,
  deliverSigned,
  inboxTest,
  openInbox,
  PHONE_NUMBER_ID,
  postWebhook,
} from '../conversations/test-helpers.ts';
import { join } from '../teams/test-helpers.ts';
import { notifications } from './notifications.tables.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const agent = ['conversation_read', 'conversation_write'];
const query = { type: 'query', data: { page: 1, size: 10, field: 'created_at', asc: false } };

/** A notification socket that keeps what it heard; `send` answers with the next message. */
async function panel(token: string) {
  const ws = await t.app.injectWS(`/v1/ws/system-notification?token=${token}&locale=en`);
  const heard: NotificationQueryResult[] = [];
  ws.on('message', (raw) => heard.push(JSON.parse(raw.toString())));
  const send = async (message: object) => {
    const before = heard.length;
    ws.send(JSON.stringify(message));
    await expect.poll(() => heard.length).toBeGreaterThan(before);
    return heard[before]!;
  };
  return { heard, send, latest: () => heard.at(-1)!, close: () => ws.terminate() };
}

/** The owner's inbox with a conversation assigned to Amy (an agent), who was told of it. */
async function assignedToAmy() {
  const opened = await openInbox(inbox);
  const amy = await join(t, opened.owner.workspaceId, 'member', agent);
  const assigned = await r.put(`/v1/conversations/${opened.conversation.id}/assignment`, opened.owner.token, {
    assignee_member_id: amy.memberId,
    team_id: null,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  await t.app.jobs.drain();
  const notificationsOf = async (userId: string) => {
    await t.app.jobs.drain();
    return t.database.withWorkspace(opened.owner.workspaceId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.userId, userId)),
    );
  };
  return { ...opened, amy, notificationsOf };
}

/** The web pushes sent to Amy's browser, by title (her browser subscribed first). */
async function pushesTo(token: string) {
  const browser = createSubscriber();
  const registered = await r.post('/v1/web-push/register', token, {
    endpoint: 'https://push.example.com/send/amy',
    p256dh: browser.p256dh,
    auth: browser.auth,
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const enqueue = vi.spyOn(t.app.jobs, 'enqueueMany');
  return () =>
    enqueue.mock.calls
      .filter(([definition]) => definition.name === 'webpush.send')
      .flatMap(([, payloads]) => payloads.map((payload) => (payload as { push: { title: string } }).push.title));
}

const messageMails = (to: string) =>
  t.mail.sent.filter((mail) => mail.to === to && /new message/i.test(mail.subject)).map((mail) => mail.subject);

describe('new customer messages', () => {
  it('are one notification per conversation while unread: its count, the latest preview, at the top', async () => {
    const { amy, wrote } = await assignedToAmy();
    const pushes = await pushesTo(amy.token);
    const socket = await panel(amy.token);
    await socket.send(query);
    for (const text of ['one', 'two', 'three']) await wrote(text);

    await expect.poll(() => socket.latest().data.unread_count).toBe(2);
    const [first, second] = socket.latest().data.notifications;
    expect(first).toMatchObject({
      type: 'conversation.message',
      title: '3 new messages from Sheena Nelson',
      content: 'three',
      count: 3,
      read: false,
    });
    expect(second).toMatchObject({ type: 'conversation.assigned' });
    expect(socket.latest().page.total).toBe(2);
    // e-mail and push once while it is unread, not per message
    expect(messageMails(amy.user.email)).toEqual(['New message from Sheena Nelson']);
    expect(pushes()).toEqual(['New message from Sheena Nelson']);
    socket.close();
  });

  it('take a read notification back to the top, unread, counting afresh, and tell the member again', async () => {
    const { amy, conversation, wrote, notificationsOf } = await assignedToAmy();
    const pushes = await pushesTo(amy.token);
    await wrote('one');
    await wrote('two');
    expect((await r.post(`/v1/conversations/${conversation.id}/read`, amy.token, {})).statusCode).toBe(200);
    expect((await notificationsOf(amy.user.id)).every((n) => n.read)).toBe(true);

    await wrote('three');
    const [message] = (await notificationsOf(amy.user.id)).filter((n) => n.type === 'conversation.message');
    expect(message).toMatchObject({ read: false, count: 1, params: expect.objectContaining({ preview: 'three' }) });
    expect(messageMails(amy.user.email)).toEqual(['New message from Sheena Nelson', 'New message from Sheena Nelson']);
    expect(pushes()).toEqual(['New message from Sheena Nelson', 'New message from Sheena Nelson']);
  });

  it("of a webhook batch are one item with the batch's count, the same statements whatever its size", async () => {
    const { channel, conversation, amy, notificationsOf } = await assignedToAmy();
    const batchOf = (texts: string[]) =>
      whatsappPayload(texts.map((text) => whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text })));
    // the statements the notifications' listener makes for the batch (in the async context of its delivery)
    const listening = new AsyncLocalStorage<boolean>();
    const deliver = t.app.events.deliver.bind(t.app.events);
    vi.spyOn(t.app.events, 'deliver').mockImplementation((name, stored, context) =>
      name === 'notifications.notify'
        ? listening.run(true, () => deliver(name, stored, context))
        : deliver(name, stored, context),
    );
    let mine = 0;
    const build = PgDialect.prototype.sqlToQuery;
    const statements = vi.spyOn(PgDialect.prototype, 'sqlToQuery').mockImplementation(function (
      this: PgDialect,
      ...args
    ) {
      if (listening.getStore()) mine += 1;
      return build.apply(this, args);
    });
    const workOf = async (texts: string[]) => {
      expect((await postWebhook(t, channel.id, batchOf(texts))).statusCode).toBe(200);
      mine = 0;
      await t.app.jobs.drain();
      return mine;
    };
    const small = await workOf(['a', 'b']);
    // read in between, so both batches take the same path (a read item made unread again)
    await r.post(`/v1/conversations/${conversation.id}/read`, amy.token, {});
    await t.app.jobs.drain();
    const large = await workOf(Array.from({ length: 30 }, (_, i) => `message ${i}`));
    statements.mockRestore();
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
    const [message] = (await notificationsOf(amy.user.id)).filter((n) => n.type === 'conversation.message');
    expect(message).toMatchObject({
      count: 30,
      read: false,
      params: expect.objectContaining({ preview: 'message 29' }),
    });
  });

  it('notify nobody of a conversation that has no assignee', async () => {
    const owner = await createOwner(t);
    const channel = await connectWhatsApp(inbox, owner.token);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text: 'hi' }),
    );
    const all = await t.database.withWorkspace(owner.workspaceId, (tx) => tx.select().from(notifications));
    expect(all).toEqual([]);
  });
});

describe("a conversation's notifications are read", () => {
  it('when the member opens it, live in their panel, and only theirs', async () => {
    const { owner, amy, conversation, wrote } = await assignedToAmy();
    await wrote('is it ready?');
    const socket = await panel(amy.token);
    expect((await socket.send(query)).data.unread_count).toBe(2);
    // another member opening it reads nothing of Amy's
    expect((await r.post(`/v1/conversations/${conversation.id}/read`, owner.token, {})).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await socket.send(query)).data.unread_count).toBe(2);

    const opened = await r.post(`/v1/conversations/${conversation.id}/read`, amy.token, {});
    expect(opened.statusCode).toBe(200);
    await t.app.jobs.drain();
    await expect.poll(() => socket.latest().data.unread_count).toBe(0);
    expect(socket.latest().data.notifications.map((n) => n.read)).toEqual([true, true]);
    socket.close();
  });

  it('when the member answers it, not when someone else does', async () => {
    const { owner, amy, conversation, wrote, notificationsOf } = await assignedToAmy();
    await wrote('is it ready?');
    const unread = async () => (await notificationsOf(amy.user.id)).filter((n) => !n.read).length;
    expect(await unread()).toBe(2);

    const byOwner = await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'text',
      text: 'Checking',
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(await unread()).toBe(2);

    const socket = await panel(amy.token);
    await socket.send(query);
    const answer = await r.post(`/v1/conversations/${conversation.id}/messages`, amy.token, {
      type: 'text',
      text: 'Yes, today',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await unread()).toBe(0);
    await expect.poll(() => socket.latest().data.unread_count).toBe(0);
    socket.close();

    // the customer writing again is news again
    await wrote('thanks');
    const again = (await notificationsOf(amy.user.id)).filter((n) => !n.read);
    expect(again).toEqual([expect.objectContaining({ type: 'conversation.message', count: 1 })]);
  });

  it("by nothing another organization's member does", async () => {
    const { amy, conversation, wrote, notificationsOf } = await assignedToAmy();
    await wrote('hello again');
    const outsider = await createOwner(t, 'Other');
    const refused = await r.post(`/v1/conversations/${conversation.id}/read`, outsider.token, {});
    expect(refused.statusCode).toBe(404);
    const sent = await r.post(`/v1/conversations/${conversation.id}/messages`, outsider.token, {
      type: 'text',
      text: 'not mine',
    });
    expect(sent.statusCode).toBe(404);
    expect((await notificationsOf(amy.user.id)).filter((n) => !n.read)).toHaveLength(2);
  });
});
