import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json } from '../../../test/test-app.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { join } from '../teams/test-helpers.ts';
import { connectWhatsApp, deliverSigned, inboxTest, PHONE_NUMBER_ID, postWebhook } from './test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

const deliver = (channelId: string, payload: object) => deliverSigned(t, channelId, payload);

async function openInbox() {
  const owner = await createOwner(t);
  const channel = await connectWhatsApp(inbox, owner.token);
  const wrote = (from: string, text: string) =>
    deliver(channel.id, whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from, text }));
  await wrote('85251234567', 'first');
  const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
  return { owner, channel, conversation, wrote };
}
const agentPermissions = ['conversation_read', 'conversation_write'];

describe('assignment', () => {
  it('assigns to a member, who then finds it under "me", and keeps it from agents it is not theirs', async () => {
    const { owner, conversation } = await openInbox();
    const amy = await join(t, owner.workspaceId, 'member', agentPermissions);
    const ben = await join(t, owner.workspaceId, 'member', agentPermissions);
    expect(json(await r.get('/v1/conversations', ben.token)).data).toHaveLength(1); // nobody's yet

    const assigned = await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: amy.memberId,
      team_id: null,
    });
    expect(json(assigned).data).toMatchObject({ assignee_member_id: amy.memberId, team_id: null, all_teams: false });
    expect(json(await r.get('/v1/conversations?filter=me', amy.token)).data).toHaveLength(1);
    expect(json(await r.get('/v1/conversations', ben.token)).data).toEqual([]);
    expect((await r.get(`/v1/conversations/${conversation.id}`, ben.token)).statusCode).toBe(404);
    // the owner sees every conversation
    expect(json(await r.get('/v1/conversations', owner.token)).data).toHaveLength(1);

    // all teams: every agent again
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: null,
      team_id: null,
      all_teams: true,
    });
    expect(json(await r.get('/v1/conversations', ben.token)).data).toHaveLength(1);
  });

  it("assigns to a team, whose members find it under supervised; another organization's member or team is refused", async () => {
    const { owner, conversation } = await openInbox();
    const amy = await join(t, owner.workspaceId, 'member', agentPermissions);
    const ben = await join(t, owner.workspaceId, 'member', agentPermissions);
    const team = json(
      await r.post('/v1/teams', owner.token, { name: 'Support', member_ids: [amy.memberId], permissions: [] }),
    ).data;
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: null,
      team_id: team.id,
    });
    expect(json(await r.get('/v1/conversations?filter=supervised', amy.token)).data).toHaveLength(1);
    expect(json(await r.get('/v1/conversations', ben.token)).data).toEqual([]);

    const other = await createOwner(t);
    const stranger = await join(t, other.workspaceId, 'member', agentPermissions);
    const foreignMember = await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: stranger.memberId,
      team_id: null,
    });
    expect(foreignMember.statusCode).toBe(400);
    expect(json(foreignMember).fields.assignee_member_id).toBe(
      'the assignee must be an active member of this organization',
    );
    const otherTeam = json(await r.post('/v1/teams', other.token, { name: 'Theirs', member_ids: [] })).data;
    expect(
      (
        await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
          assignee_member_id: null,
          team_id: otherTeam.id,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await r.put(`/v1/conversations/${conversation.id}/assignment`, other.token, {
          assignee_member_id: null,
          team_id: otherTeam.id,
        })
      ).statusCode,
    ).toBe(404);
    const reader = await join(t, owner.workspaceId, 'member', ['conversation_read']);
    expect(
      (
        await r.put(`/v1/conversations/${conversation.id}/assignment`, reader.token, {
          assignee_member_id: null,
          team_id: null,
        })
      ).statusCode,
    ).toBe(403);
    expect(json(await r.get(`/v1/conversations/${conversation.id}`, owner.token)).data.team_id).toBe(team.id);
  });
});

describe('live pushes', () => {
  /** Every message action a socket heard, as `action:text`. */
  async function listen(token: string) {
    const ws = await t.app.injectWS(`/v1/ws?token=${token}`);
    const heard: string[] = [];
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (String(message.action).startsWith('conversation.message'))
        heard.push(`${message.action}:${message.data.text}`);
    });
    return { heard, close: () => ws.terminate() };
  }

  it('reach only the agents who may see the conversation: its assignee, its team, owners and admins', async () => {
    const { owner, conversation, wrote } = await openInbox();
    const amy = await join(t, owner.workspaceId, 'member', agentPermissions);
    const ben = await join(t, owner.workspaceId, 'member', agentPermissions);
    const carl = await join(t, owner.workspaceId, 'member', agentPermissions);
    const team = json(
      await r.post('/v1/teams', owner.token, { name: 'Night shift', member_ids: [carl.memberId], permissions: [] }),
    ).data;
    const sockets = {
      owner: await listen(owner.token),
      amy: await listen(amy.token),
      ben: await listen(ben.token),
      carl: await listen(carl.token),
    };
    const heard = () => Object.fromEntries(Object.entries(sockets).map(([who, s]) => [who, [...s.heard]]));
    const assign = (body: object) =>
      r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, { team_id: null, ...body });
    const settle = async (text: string, expected: string[]) => {
      await wrote('85251234567', text);
      await expect
        .poll(() => Object.keys(heard()).filter((who) => heard()[who]!.includes(`conversation.message:${text}`)))
        .toEqual(expected);
    };

    await settle('nobody yet', ['owner', 'amy', 'ben', 'carl']);
    await assign({ assignee_member_id: amy.memberId });
    await settle('for amy', ['owner', 'amy']);
    await assign({ assignee_member_id: null, team_id: team.id });
    await settle('for the night shift', ['owner', 'carl']);
    await assign({ assignee_member_id: null, all_teams: true });
    await settle('for every team', ['owner', 'amy', 'ben', 'carl']);
    for (const socket of Object.values(sockets)) socket.close();
  });
});

describe('notifications', () => {
  it('tell a member of a conversation assigned to them and of the customer writing in it, not the one who assigned it', async () => {
    const { owner, conversation, wrote } = await openInbox();
    const amy = await join(t, owner.workspaceId, 'member', agentPermissions);
    const told = async (userId: string) => {
      await t.app.jobs.drain();
      return t.database.withWorkspace(owner.workspaceId, (tx) =>
        tx.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt),
      );
    };
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: amy.memberId,
      team_id: null,
    });
    await wrote('85251234567', 'is it ready?');
    const amys = await told(amy.user.id);
    expect(amys.map((n) => [n.type, n.url])).toEqual([
      ['conversation.assigned', `/app/chat/chat?c=${conversation.id}`],
      ['conversation.message', `/app/chat/chat?c=${conversation.id}`],
    ]);
    expect(amys[1]!.params).toMatchObject({ preview: 'is it ready?' });
    expect(await told(owner.user.id)).toEqual([]);
  });

  it("tell the assignee once per conversation of a delivery batch, of its latest message, and of no agent's reply", async () => {
    const { owner, channel, conversation } = await openInbox();
    const amy = await join(t, owner.workspaceId, 'member', agentPermissions);
    await r.put(`/v1/conversations/${conversation.id}/assignment`, owner.token, {
      assignee_member_id: amy.memberId,
      team_id: null,
    });
    await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, { type: 'text', text: 'Hello' });
    // three deliveries before the channel's job runs: one batch
    for (const text of ['one', 'two', 'three'])
      await postWebhook(t, channel.id, whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from: '85251234567', text }));
    await t.app.jobs.drain();
    const amys = await t.database.withWorkspace(owner.workspaceId, (tx) =>
      tx.select().from(notifications).where(eq(notifications.type, 'conversation.message')),
    );
    expect(amys.map((n) => [n.userId, n.params.preview])).toEqual([[amy.user.id, 'three']]);
  });
});

describe('closing', () => {
  it('closes a conversation, which a new message from the customer opens again', async () => {
    const { owner, conversation, wrote } = await openInbox();
    const closed = await r.put(`/v1/conversations/${conversation.id}/status`, owner.token, { status: 'closed' });
    expect(json(closed).data.status).toBe('closed');
    expect(json(await r.get('/v1/conversations', owner.token)).data).toEqual([]);
    expect(json(await r.get('/v1/conversations?filter=closed', owner.token)).data).toHaveLength(1);
    await wrote('85251234567', 'me again');
    const [reopened] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(reopened).toMatchObject({ id: conversation.id, status: 'open', last_message_preview: 'me again' });
  });
});
