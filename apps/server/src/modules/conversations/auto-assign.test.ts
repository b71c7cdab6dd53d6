import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json, type TestApp } from '../../../test/test-app.ts';
import { webchatChannel } from '../channels/test-helpers.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { join, ownerMemberId } from '../teams/test-helpers.ts';
import { connectWhatsApp, deliverSigned, inboxTest, PHONE_NUMBER_ID, postWebhook } from './test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const agent = ['conversation_read', 'conversation_write'];
type Owner = Awaited<ReturnType<typeof createOwner>>;
type Listed = {
  id: string;
  assignee_member_id: string | null;
  team_id: string | null;
  customer: { display_name: string };
};

const setAvailability = (token: string, status: string) => r.put('/v1/self/availability', token, { status });

/** An owner (offline, out of the rotation) with a WhatsApp number whose customers `write` as `name`. */
async function desk() {
  const owner = await createOwner(t);
  const channel = await connectWhatsApp(inbox, owner.token);
  expect((await setAvailability(owner.token, 'offline')).statusCode).toBe(200);
  const write = (name: string, text = 'hello') =>
    deliverSigned(t, channel.id, whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: phoneOf(name), name, text }));
  const autoAssign = async (setting: object) => {
    const answer = await r.put(`/v1/channels/${channel.id}`, owner.token, { auto_assign: setting });
    expect(answer.statusCode, answer.body).toBe(200);
    return json(answer).data.auto_assign;
  };
  return { owner, channel, write, autoAssign };
}
const phones = new Map<string, string>();
/** A Hong Kong mobile number of its own for each customer name. */
const phoneOf = (name: string) => {
  if (!phones.has(name)) phones.set(name, `852${51_000_000 + phones.size}`);
  return phones.get(name)!;
};

/** The organization's open conversations by customer name. */
async function conversationsOf(owner: Owner) {
  const listed = json(await r.get('/v1/conversations?size=100', owner.token)).data as Listed[];
  return new Map(listed.map((c) => [c.customer.display_name.trim(), c]));
}
const assigneeOf = async (owner: Owner, name: string) => (await conversationsOf(owner)).get(name)?.assignee_member_id;

describe('auto-assignment: round robin', () => {
  it('gives the conversations customers open in turn to the online agents, once; off leaves them to be taken', async () => {
    const { owner, channel, write, autoAssign } = await desk();
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    await join(t, owner.workspaceId, 'member', ['conversation_read']); // cannot answer
    await join(t, owner.workspaceId, 'viewer', agent); // read-only whatever its list
    await write('Before');
    expect(await assigneeOf(owner, 'Before')).toBeNull();
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.auto_assign).toEqual({
      mode: 'off',
      team_id: null,
      max_open_per_member: null,
    });

    expect(await autoAssign({ mode: 'round_robin' })).toEqual({
      mode: 'round_robin',
      team_id: null,
      max_open_per_member: null,
    });
    for (const name of ['C1', 'C2', 'C3', 'C4', 'C5']) await write(name);
    const order = await Promise.all(['C1', 'C2', 'C3', 'C4', 'C5'].map((name) => assigneeOf(owner, name)));
    expect(new Set(order.slice(0, 2))).toEqual(new Set([amy.memberId, ben.memberId]));
    expect(order.slice(2)).toEqual([order[0], order[1], order[0]]);
    // a customer writing again keeps their agent; the one before round robin stays nobody's
    await write('C1', 'again');
    expect(await assigneeOf(owner, 'C1')).toBe(order[0]);
    expect(await assigneeOf(owner, 'Before')).toBeNull();
    // the assignee sees it under "me", the other agent no longer sees it
    const mine = json(await r.get('/v1/conversations?filter=me', amy.token)).data as Listed[];
    expect(mine.map((c) => c.customer.display_name).sort()).toEqual(
      ['C1', 'C2', 'C3', 'C4', 'C5'].filter((_, i) => order[i] === amy.memberId),
    );
    // ...and hears of each once: the customer's new message, not also "assigned to you"
    await t.app.jobs.drain();
    const told = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, amy.user.id)),
    );
    expect(told.map((item) => item.type)).toEqual(mine.map(() => 'conversation.message'));

    await autoAssign({ mode: 'off' });
    await write('After');
    expect(await assigneeOf(owner, 'After')).toBeNull();
  });

  it('gives a batch of new conversations in turn, and takes up where the last batch stopped', async () => {
    const { owner, channel, write, autoAssign } = await desk();
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    await autoAssign({ mode: 'round_robin' });
    await write('First');
    const first = await assigneeOf(owner, 'First');
    // three customers in one batch of deliveries
    for (const name of ['B1', 'B2', 'B3'])
      await postWebhook(
        t,
        channel.id,
        whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: phoneOf(name), name, text: 'hi' }),
      );
    await t.app.jobs.drain();
    const other = first === amy.memberId ? ben.memberId : amy.memberId;
    expect(await Promise.all(['B1', 'B2', 'B3'].map((name) => assigneeOf(owner, name)))).toEqual([other, first, other]);
  });

  it("keeps to the channel's team when it has one, and the conversation goes to that team", async () => {
    const { owner, write, autoAssign } = await desk();
    const amy = await join(t, owner.workspaceId, 'member', agent);
    await join(t, owner.workspaceId, 'member', agent);
    // a team's own permissions make a member without them an agent
    const cara = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    const team = json(
      await r.post('/v1/teams', owner.token, {
        name: 'Support',
        member_ids: [amy.memberId, cara.memberId],
        permissions: ['conversation_write'],
      }),
    ).data;
    await autoAssign({ mode: 'round_robin', team_id: team.id });
    for (const name of ['T1', 'T2', 'T3']) await write(name);
    const listed = await conversationsOf(owner);
    const given = ['T1', 'T2', 'T3'].map((name) => listed.get(name)!);
    expect(new Set(given.map((c) => c.assignee_member_id))).toEqual(new Set([amy.memberId, cara.memberId]));
    expect(given[2]!.assignee_member_id).toBe(given[0]!.assignee_member_id);
    expect(given.every((c) => c.team_id === team.id)).toBe(true);

    // nobody of the team online: unassigned, though another agent is
    await setAvailability(amy.token, 'offline');
    await setAvailability(cara.token, 'busy');
    await write('T4');
    expect(await assigneeOf(owner, 'T4')).toBeNull();
  });

  it('holds the cap of open conversations per member, and gives again once one is closed', async () => {
    const { owner, write, autoAssign } = await desk();
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    await autoAssign({ mode: 'round_robin', max_open_per_member: 1 });
    for (const name of ['K1', 'K2', 'K3']) await write(name);
    const listed = await conversationsOf(owner);
    expect(new Set(['K1', 'K2'].map((name) => listed.get(name)!.assignee_member_id))).toEqual(
      new Set([amy.memberId, ben.memberId]),
    );
    expect(listed.get('K3')!.assignee_member_id).toBeNull();

    const amys = [...listed.values()].find((c) => c.assignee_member_id === amy.memberId)!;
    await r.put(`/v1/conversations/${amys.id}/status`, amy.token, { status: 'closed' });
    await write('K4');
    expect(await assigneeOf(owner, 'K4')).toBe(amy.memberId);
  });

  it('gives nothing to busy or offline members; going offline stops new ones and keeps those given', async () => {
    const { owner, write, autoAssign } = await desk();
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    await setAvailability(ben.token, 'busy');
    await autoAssign({ mode: 'round_robin' });
    await write('A1');
    await write('A2');
    expect(await assigneeOf(owner, 'A1')).toBe(amy.memberId);
    expect(await assigneeOf(owner, 'A2')).toBe(amy.memberId);

    await setAvailability(amy.token, 'offline');
    await write('A3');
    expect(await assigneeOf(owner, 'A3')).toBeNull();
    expect(await assigneeOf(owner, 'A1')).toBe(amy.memberId);

    // the owner coming online takes the next one; a deactivated member never does
    await setAvailability(owner.token, 'online');
    await r.put(`/v1/workspace/members/${ben.memberId}/status`, owner.token, { active: false });
    await setAvailability(amy.token, 'online');
    await write('A4');
    await write('A5');
    // the owner was never given one: their turn comes first
    expect([await assigneeOf(owner, 'A4'), await assigneeOf(owner, 'A5')]).toEqual([
      await ownerMemberId(t, owner.workspaceId),
      amy.memberId,
    ]);
  });

  it("gives a web-chat visitor's conversation to an agent; one an agent starts stays theirs", async () => {
    const { owner, channel } = await webchatChannel(t);
    await setAvailability(owner.token, 'offline');
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    await r.put(`/v1/channels/${channel.id}`, owner.token, { auto_assign: { mode: 'round_robin' } });
    const visitor = widget(t, channel.widget_key);
    await visitor.start('Vera');
    expect((await visitor.say('Hi there')).statusCode).toBe(200);
    const first = await assigneeOf(owner, 'Vera');
    expect([amy.memberId, ben.memberId]).toContain(first);

    // a WhatsApp customer an agent writes to first: the agent who started it handles it
    const whatsapp = await connectWhatsApp(inbox, owner.token);
    await r.put(`/v1/channels/${whatsapp.id}`, owner.token, { auto_assign: { mode: 'round_robin' } });
    const customer = json(
      await r.post('/v1/customers', owner.token, { first_name: 'Walt', last_name: 'Ng', phone: '+85251110009' }),
    ).data;
    const started = await r.post('/v1/conversations', ben.token, { customer_id: customer.id, channel_id: whatsapp.id });
    expect(json(started).data.assignee_member_id).toBe(ben.memberId);
  });

  it('never gives two conversations over the cap when several arrive at once', async () => {
    const { owner, channel } = await webchatChannel(t);
    await setAvailability(owner.token, 'offline');
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const ben = await join(t, owner.workspaceId, 'member', agent);
    await r.put(`/v1/channels/${channel.id}`, owner.token, {
      auto_assign: { mode: 'round_robin', max_open_per_member: 2 },
    });
    const visitors = ['V1', 'V2', 'V3', 'V4', 'V5', 'V6'].map((name) => ({
      name,
      widget: widget(t, channel.widget_key),
    }));
    for (const visitor of visitors) await visitor.widget.start(visitor.name);
    const said = await Promise.all(visitors.map((visitor) => visitor.widget.say('at once')));
    expect(said.map((answer) => answer.statusCode)).toEqual(visitors.map(() => 200));
    const assignees = await Promise.all(visitors.map((visitor) => assigneeOf(owner, visitor.name)));
    expect(assignees.filter((id) => id === amy.memberId)).toHaveLength(2);
    expect(assignees.filter((id) => id === ben.memberId)).toHaveLength(2);
    expect(assignees.filter((id) => id === null)).toHaveLength(2);
  });
});

describe('auto-assignment: the channel setting', () => {
  it('refuses bad settings, another organization and members without channel_write, changing nothing', async () => {
    const { owner, channel } = await desk();
    const put = (token: string, auto_assign: object) => r.put(`/v1/channels/${channel.id}`, token, { auto_assign });
    const bad = await put(owner.token, { mode: 'load_balance' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields['auto_assign.mode']).toBe('auto-assignment must be off or round_robin');
    for (const cap of [0, 1.5, 1001, '3']) {
      const refused = await put(owner.token, { mode: 'round_robin', max_open_per_member: cap });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).fields['auto_assign.max_open_per_member']).toMatch(/whole number from 1 to 1000/);
    }
    const other = await createOwner(t);
    const theirTeam = json(await r.post('/v1/teams', other.token, { name: 'Theirs', member_ids: [] })).data;
    const foreignTeam = await put(owner.token, { mode: 'round_robin', team_id: theirTeam.id });
    expect(foreignTeam.statusCode).toBe(400);
    expect(json(foreignTeam).fields['auto_assign.team_id']).toBe('the team must be one of this organization’s');
    expect((await put(owner.token, { mode: 'round_robin', team_id: randomUUID() })).statusCode).toBe(400);

    expect((await put(other.token, { mode: 'round_robin' })).statusCode).toBe(404);
    const agentOnly = await join(t, owner.workspaceId, 'member', agent);
    expect((await put(agentOnly.token, { mode: 'round_robin' })).statusCode).toBe(403);
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.auto_assign.mode).toBe('off');

    // a member granted channel_write may; the setting is given whole
    const admin = await join(t, owner.workspaceId, 'member', ['channel_read', 'channel_write']);
    expect((await put(admin.token, { mode: 'round_robin', max_open_per_member: 5 })).statusCode).toBe(200);
    expect(json(await put(admin.token, { mode: 'round_robin' })).data.auto_assign).toEqual({
      mode: 'round_robin',
      team_id: null,
      max_open_per_member: null,
    });
  });

  it("goes back to everyone who may answer when the channel's team is deleted", async () => {
    const { owner, channel, write, autoAssign } = await desk();
    const amy = await join(t, owner.workspaceId, 'member', agent);
    const team = json(await r.post('/v1/teams', owner.token, { name: 'Gone soon', member_ids: [] })).data;
    await autoAssign({ mode: 'round_robin', team_id: team.id });
    await write('D1');
    expect(await assigneeOf(owner, 'D1')).toBeNull();
    await r.del(`/v1/teams/${team.id}`, owner.token);
    expect(json(await r.get(`/v1/channels/${channel.id}`, owner.token)).data.auto_assign.team_id).toBeNull();
    await write('D2');
    expect(await assigneeOf(owner, 'D2')).toBe(amy.memberId);
  });
});

/** A web-chat visitor's calls, as the widget makes them. */
function widget(app: TestApp, key: string) {
  let token = '';
  const call = (method: 'POST', path: string, payload: object) =>
    app.app.inject({
      method,
      url: `/public/v1/webchat/${key}${path}`,
      headers: { origin: 'https://shop.example', ...(token && { authorization: `Bearer ${token}` }) },
      payload,
    });
  return {
    async start(name: string) {
      const started = await call('POST', '/visitors', { name });
      expect(started.statusCode, started.body).toBe(200);
      token = json(started).data.visitor_token;
    },
    say: (text: string) => call('POST', '/messages', { text, client_id: randomUUID() }),
  };
}
