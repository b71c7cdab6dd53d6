import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappText } from '../../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../../test/fixtures.ts';
import { json } from '../../../../test/test-app.ts';
import { webchatChannel } from '../../channels/test-helpers.ts';
import { join } from '../../teams/test-helpers.ts';
import { assignConversation } from '../index.ts';
import { CUSTOMER, deliverSigned, inboxTest, openInbox, PHONE_NUMBER_ID, silentSocket } from '../test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const agent = ['conversation_read', 'conversation_write'];
type Item = { type: string; text?: string; activity?: Record<string, unknown> & { kind: string } };
const threadOf = async (id: string, token: string) =>
  json(await r.get(`/v1/conversations/${id}/messages`, token)).data as Item[];
const kinds = (items: Item[]) => items.map((item) => (item.type === 'activity' ? item.activity!.kind : item.text));
const list = async (token: string, query = '') =>
  (json(await r.get(`/v1/conversations${query}`, token)).data as { id: string }[]).map((c) => c.id);
/** The customer writes a moment later than now, so their message comes after what agents just did. */
const writesLater = (text: string) =>
  whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: CUSTOMER, text, timestamp: Math.floor(Date.now() / 1000) + 2 });

describe('activity lines', () => {
  it('records every assignment, label change, snooze, reopen and close in the thread, in order, with who did it', async () => {
    const { owner, channel, conversation } = await openInbox(inbox);
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const team = json(
      await r.post('/v1/teams', owner.token, { name: 'Support', member_ids: [], permissions: [] }),
    ).data;
    const label = json(await r.post('/v1/conversation-labels', owner.token, { name: 'VIP', color: '#cf1322' })).data;
    const url = `/v1/conversations/${conversation.id}`;
    const socket = await silentSocket(t, owner.token);

    await r.put(`${url}/assignment`, owner.token, { assignee_member_id: amy.memberId, team_id: null });
    await r.put(`${url}/assignment`, owner.token, { assignee_member_id: amy.memberId, team_id: null }); // no change
    await r.put(`${url}/assignment`, owner.token, { assignee_member_id: null, team_id: team.id });
    await r.put(`${url}/labels`, owner.token, { label_ids: [label.id] });
    expect((await r.put(`${url}/snooze`, owner.token, {})).statusCode).toBe(200);
    await r.put(`${url}/status`, owner.token, { status: 'open' }); // back from the snooze
    await r.put(`${url}/assignment`, owner.token, { assignee_member_id: null, team_id: null });
    await r.put(`${url}/status`, owner.token, { status: 'closed' });
    await deliverSigned(t, channel.id, writesLater('back again'));

    const thread = await threadOf(conversation.id, owner.token);
    expect(kinds(thread)).toEqual([
      'hello',
      'assigned',
      'assigned',
      'labels_changed',
      'snoozed',
      'reopened',
      'unassigned',
      'closed',
      'reopened',
      'back again',
    ]);
    const activities = thread.filter((item) => item.type === 'activity');
    const ownerName = expect.any(String);
    expect(activities[0]).toMatchObject({
      type: 'activity',
      conversation_id: conversation.id,
      created_at: expect.any(Number),
      activity: {
        kind: 'assigned',
        actor: { id: expect.any(String), name: ownerName },
        assignee: { id: amy.memberId, name: expect.any(String) },
        team: null,
        all_teams: false,
      },
    });
    expect(activities[1]!.activity).toMatchObject({ assignee: null, team: { id: team.id, name: 'Support' } });
    expect(activities[2]!.activity).toMatchObject({
      labels_added: [{ id: label.id, name: 'VIP', color: '#cf1322' }],
      labels_removed: [],
    });
    expect(activities[3]!.activity).toMatchObject({ kind: 'snoozed', until: null });
    expect(activities[4]!.activity!.actor).not.toBeNull();
    expect(activities[7]!.activity).toEqual({ kind: 'reopened', actor: null, reason: 'customer_message' });

    // lines are no messages: not unread, not the preview
    const [listed] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(listed).toMatchObject({ last_message_preview: 'back again', unread_count: 2 });
    // the owner's open socket got each line live
    await socket.settled();
    expect(socket.heard('conversation.activity').map((data) => (data as Item).activity?.kind)).toEqual([
      'assigned',
      'assigned',
      'labels_changed',
      'snoozed',
      'reopened',
      'unassigned',
      'closed',
    ]);
    socket.close();
  });

  it('pages messages and lines together, newest first', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const url = `/v1/conversations/${conversation.id}`;
    await r.put(`${url}/status`, owner.token, { status: 'closed' });
    await r.put(`${url}/status`, owner.token, { status: 'open' });
    const page1 = json(await r.get(`${url}/messages?page=1&size=2`, owner.token));
    expect(kinds(page1.data)).toEqual(['closed', 'reopened']);
    expect(page1.page).toMatchObject({ total: 3, total_pages: 2 });
    expect(kinds(json(await r.get(`${url}/messages?page=2&size=2`, owner.token)).data)).toEqual(['hello']);
    expect(json(await r.get(`${url}/messages?page=3&size=2`, owner.token))).toMatchObject({
      data: [],
      page: { total: 3 },
    });
  });

  it('records an assignment by the system (another module calling assignConversation) with no actor', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const amy = await join(t, owner.workspaceId, 'member', agent);
    await t.database.withWorkspace(owner.workspaceId, (tx) =>
      assignConversation(
        t.app.events,
        tx,
        owner.workspaceId,
        conversation.id,
        { assignee_member_id: amy.memberId, team_id: null, all_teams: false },
        null,
      ),
    );
    const [line] = (await threadOf(conversation.id, owner.token)).filter((item) => item.type === 'activity');
    expect(line!.activity).toMatchObject({ kind: 'assigned', actor: null, assignee: { id: amy.memberId } });
    expect(json(await r.get('/v1/conversations?filter=me', amy.token)).data).toHaveLength(1);
  });

  it('never shows a web-chat visitor the lines, in their thread or their live stream', async () => {
    const { owner, channel } = await webchatChannel(t, { name: 'Website' });
    const call = (method: 'GET' | 'POST', path: string, token?: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/public/v1/webchat/${channel.widget_key}${path}`,
        headers: { origin: 'https://shop.example', ...(token && { authorization: `Bearer ${token}` }) },
        ...(payload && { payload }),
      });
    const token = json(await call('POST', '/visitors', undefined, { name: 'Amy' })).data.visitor_token as string;
    await call('POST', '/messages', token, { text: 'Hello?', client_id: randomUUID() });
    const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
    const url = `/v1/conversations/${conversation.id}`;
    const label = json(await r.post('/v1/conversation-labels', owner.token, { name: 'Sales' })).data;

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${base}/public/v1/webchat/${channel.widget_key}/events?token=${token}`);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    await r.put(`${url}/assignment`, owner.token, { assignee_member_id: null, team_id: null, all_teams: true });
    await r.put(`${url}/labels`, owner.token, { label_ids: [label.id] });
    await r.put(`${url}/snooze`, owner.token, { until: Math.floor(Date.now() / 1000) + 3600 });
    await r.put(`${url}/status`, owner.token, { status: 'open' });
    await r.post(`${url}/messages`, owner.token, { type: 'text', text: 'Here to help' });
    let received = '';
    while (!received.includes('Here to help')) received += (await reader.read()).value ?? '';
    await reader.cancel();
    const events = received
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    // messages (and the widget's own status event when the conversation is reopened), never an activity line
    expect(events.filter((event) => 'text' in event).map((event) => event.text)).toEqual(['Hello?', 'Here to help']);
    expect(received).not.toContain('activity');

    const visitorThread = json(await call('GET', '/messages', token)).data as Item[];
    expect(visitorThread.map((item) => item.text)).toEqual(['Hello?', 'Here to help']);
    expect(JSON.stringify(visitorThread)).not.toContain('activity');
    // while the agents' thread has them
    expect(kinds(await threadOf(conversation.id, owner.token))).toEqual([
      'Hello?',
      'assigned',
      'labels_changed',
      'snoozed',
      'reopened',
      'Here to help',
    ]);
  });
});

describe('snooze', () => {
  it('takes a conversation out of the open lists until its time, when a job brings it back', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const until = Math.floor(Date.now() / 1000) + 3600;
    const snoozed = await r.put(`/v1/conversations/${conversation.id}/snooze`, owner.token, { until });
    expect(json(snoozed).data).toMatchObject({ status: 'open', snoozed: true, snoozed_until: until });
    expect(await list(owner.token)).toEqual([]);
    expect(await list(owner.token, '?filter=unread')).toEqual([]);
    expect(await list(owner.token, '?filter=snoozed')).toEqual([conversation.id]);

    await t.app.jobs.drain();
    expect(await list(owner.token, '?filter=snoozed')).toEqual([conversation.id]); // not yet
    t.clock.advance(2 * 3600 * 1000);
    await t.app.jobs.drain();
    expect(await list(owner.token)).toEqual([conversation.id]);
    expect(await list(owner.token, '?filter=snoozed')).toEqual([]);
    const detail = json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data;
    expect(detail).toMatchObject({ status: 'open', snoozed: false, snoozed_until: null });
    const lines = (await threadOf(conversation.id, owner.token)).filter((item) => item.type === 'activity');
    expect(lines.map((line) => line.activity)).toEqual([
      expect.objectContaining({ kind: 'snoozed', until }),
      { kind: 'reopened', actor: null, reason: 'snooze_ended' },
    ]);
  });

  it("lasts until the customer's next message, which brings it back; a snooze replaced or ended leaves its job idle", async () => {
    const { owner, channel, conversation } = await openInbox(inbox);
    const url = `/v1/conversations/${conversation.id}`;
    await r.put(`${url}/snooze`, owner.token, { until: Math.floor(Date.now() / 1000) + 600 });
    await r.put(`${url}/snooze`, owner.token, { until: null }); // replaces the timed one
    t.clock.advance(3600 * 1000);
    await t.app.jobs.drain();
    expect(await list(owner.token, '?filter=snoozed')).toEqual([conversation.id]);

    await deliverSigned(t, channel.id, writesLater('any news?'));
    expect(await list(owner.token)).toEqual([conversation.id]);
    expect(kinds(await threadOf(conversation.id, owner.token)).slice(-2)).toEqual(['reopened', 'any news?']);
  });

  it('refuses a time in the past or beyond a year, a closed conversation, and agents without write access', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const url = `/v1/conversations/${conversation.id}/snooze`;
    const now = Math.floor(Date.now() / 1000);
    const past = await r.put(url, owner.token, { until: now - 60 });
    expect(past.statusCode).toBe(400);
    expect(json(past).fields.until).toBe('choose a time in the future, within a year');
    expect((await r.put(url, owner.token, { until: now + 400 * 24 * 3600 })).statusCode).toBe(400);
    expect((await r.put(url, owner.token, { until: 'tomorrow' })).statusCode).toBe(400);
    const viewer = await join(t, owner.workspaceId, 'viewer', ['conversation_read']);
    expect((await r.put(url, viewer.token, {})).statusCode).toBe(403);
    const outsider = await createOwner(t);
    expect((await r.put(url, outsider.token, {})).statusCode).toBe(404);
    await r.put(`/v1/conversations/${conversation.id}/status`, owner.token, { status: 'closed' });
    expect((await r.put(url, owner.token, {})).statusCode).toBe(409);
    expect((await threadOf(conversation.id, owner.token)).filter((item) => item.activity?.kind === 'snoozed')).toEqual(
      [],
    );
  });
});

describe('labels', () => {
  it('are kept by those who manage channels, read by agents, and stay in their organization', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const created = await r.post('/v1/conversation-labels', owner.token, { name: ' Billing ', color: '#1064e0' });
    expect(json(created).data).toMatchObject({ name: 'Billing', color: '#1064e0' });
    const billing = json(created).data;
    expect((await r.post('/v1/conversation-labels', owner.token, { name: 'billing' })).statusCode).toBe(409);
    expect((await r.post('/v1/conversation-labels', owner.token, { name: '' })).statusCode).toBe(400);
    expect((await r.post('/v1/conversation-labels', owner.token, { name: 'X', color: 'red' })).statusCode).toBe(400);
    // a default colour when none is given
    expect(json(await r.post('/v1/conversation-labels', owner.token, { name: 'Refund' })).data.color).toMatch(
      /^#[0-9a-f]{6}$/i,
    );

    // an agent reads and uses them but does not change the list
    expect((await r.post('/v1/conversation-labels', amy.token, { name: 'Mine' })).statusCode).toBe(403);
    expect((await r.put(`/v1/conversation-labels/${billing.id}`, amy.token, { name: 'Bills' })).statusCode).toBe(403);
    expect((await r.del(`/v1/conversation-labels/${billing.id}`, amy.token)).statusCode).toBe(403);
    expect(json(await r.get('/v1/conversation-labels', amy.token)).data.map((l: { name: string }) => l.name)).toEqual([
      'Billing',
      'Refund',
    ]);
    const manager = await join(t, owner.workspaceId, 'member', [...agent, 'channel_write']);
    expect((await r.put(`/v1/conversation-labels/${billing.id}`, manager.token, { color: '#389e0d' })).statusCode).toBe(
      200,
    );

    // another organization sees none of them and changes nothing
    const outsider = await createOwner(t);
    expect(json(await r.get('/v1/conversation-labels', outsider.token)).data).toEqual([]);
    expect((await r.put(`/v1/conversation-labels/${billing.id}`, outsider.token, { name: 'Ours' })).statusCode).toBe(
      404,
    );
    expect((await r.del(`/v1/conversation-labels/${billing.id}`, outsider.token)).statusCode).toBe(404);
    const theirs = json(await r.post('/v1/conversation-labels', outsider.token, { name: 'Billing' })).data;

    // a conversation takes this organization's labels only
    const url = `/v1/conversations/${conversation.id}/labels`;
    const foreign = await r.put(url, amy.token, { label_ids: [billing.id, theirs.id] });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign).fields.label_ids).toBe('a chosen label does not exist in this organization');
    expect(json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data.labels).toEqual([]);
    const labelled = await r.put(url, amy.token, { label_ids: [billing.id] });
    expect(json(labelled).data.labels).toEqual([{ id: billing.id, name: 'Billing', color: '#389e0d' }]);
    expect(json(await r.get('/v1/conversation-labels', owner.token)).data[0]).toMatchObject({ conversation_count: 1 });

    // deleting a label takes it off its conversations
    expect((await r.del(`/v1/conversation-labels/${billing.id}`, owner.token)).statusCode).toBe(200);
    expect(json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data.labels).toEqual([]);
  });

  it('filter the list, and show on each conversation of it', async () => {
    const { owner, channel, conversation } = await openInbox(inbox);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85290000000', text: 'hi' }),
    );
    const vip = json(await r.post('/v1/conversation-labels', owner.token, { name: 'VIP' })).data;
    await r.put(`/v1/conversations/${conversation.id}/labels`, owner.token, { label_ids: [vip.id] });
    expect(await list(owner.token)).toHaveLength(2);
    expect(await list(owner.token, `?label_id=${vip.id}`)).toEqual([conversation.id]);
    const [listed] = json(await r.get(`/v1/conversations?label_id=${vip.id}`, owner.token)).data;
    expect(listed.labels).toEqual([{ id: vip.id, name: 'VIP', color: vip.color }]);
    expect((await r.get('/v1/conversations?label_id=nope', owner.token)).statusCode).toBe(400);
  });
});

describe('bulk actions', () => {
  it('assign, label and close the chosen conversations the member may see, each with its line, and report the rest', async () => {
    const { owner, channel, conversation: first } = await openInbox(inbox);
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85290000001', text: 'b' }),
    );
    await deliverSigned(
      t,
      channel.id,
      whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85290000002', text: 'c' }),
    );
    const listed = json(await r.get('/v1/conversations', owner.token)).data as {
      id: string;
      last_message_preview: string;
    }[];
    const idOf = (preview: string) => listed.find((c) => c.last_message_preview === preview)!.id;
    const [second, third] = [idOf('b'), idOf('c')];
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    // the third is Ben's: Amy cannot see it
    await r.put(`/v1/conversations/${third}/assignment`, owner.token, {
      assignee_member_id: ben.memberId,
      team_id: null,
    });
    const vip = json(await r.post('/v1/conversation-labels', owner.token, { name: 'VIP' })).data;
    const ids = [first.id, second!, third!];

    const labelled = json(
      await r.post('/v1/conversations/bulk', amy.token, { ids, action: 'label', label_ids: [vip.id] }),
    );
    expect(labelled.data).toEqual({ done: [first.id, second], skipped: 1 });
    const assigned = await r.post('/v1/conversations/bulk', amy.token, {
      ids: [first.id, second],
      action: 'assign',
      assignee_member_id: amy.memberId,
      team_id: null,
    });
    expect(json(assigned).data.done).toHaveLength(2);
    expect(await list(amy.token, '?filter=me')).toHaveLength(2);
    const closed = json(await r.post('/v1/conversations/bulk', amy.token, { ids, action: 'close' }));
    expect(closed.data).toEqual({ done: [first.id, second], skipped: 1 });
    expect(await list(owner.token)).toEqual([third]);
    expect(kinds(await threadOf(second!, owner.token))).toEqual(['b', 'labels_changed', 'assigned', 'closed']);
    expect(kinds(await threadOf(third!, owner.token))).toEqual(['c', 'assigned']);
    // a label already there is no change
    expect(json(await r.get(`/v1/conversations/${first.id}`, owner.token)).data.labels).toHaveLength(1);
  });

  it('refuses bad input, a foreign label and a viewer, changing nothing', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const bulk = (token: string, body: object) => r.post('/v1/conversations/bulk', token, body);
    expect((await bulk(owner.token, { ids: [], action: 'close' })).statusCode).toBe(400);
    expect((await bulk(owner.token, { ids: [conversation.id], action: 'archive' })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, () => randomUUID());
    expect(json(await bulk(owner.token, { ids: many, action: 'close' })).fields.ids).toBe(
      'choose at most 100 conversations at once',
    );
    const outsider = await createOwner(t);
    const theirs = json(await r.post('/v1/conversation-labels', outsider.token, { name: 'Theirs' })).data;
    expect(
      (await bulk(owner.token, { ids: [conversation.id], action: 'label', label_ids: [theirs.id] })).statusCode,
    ).toBe(400);
    const viewer = await join(t, owner.workspaceId, 'viewer', ['conversation_read']);
    expect((await bulk(viewer.token, { ids: [conversation.id], action: 'close' })).statusCode).toBe(403);
    // another organization's conversation is unseen there
    expect(json(await bulk(outsider.token, { ids: [conversation.id], action: 'close' })).data).toEqual({
      done: [],
      skipped: 1,
    });
    expect(await list(owner.token)).toEqual([conversation.id]);
    expect((await threadOf(conversation.id, owner.token)).filter((item) => item.type === 'activity')).toEqual([]);
  });
});
