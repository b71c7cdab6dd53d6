import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import { metaJson, signMetaBody, whatsappText } from '../../../test/fakes/meta-webhooks.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { join, requests } from '../teams/test-helpers.ts';

let graph: FakeGraph;
let t: TestApp;
let r: ReturnType<typeof requests>;
beforeAll(async () => {
  graph = await startFakeGraph();
});
afterAll(() => graph.close());
beforeEach(async () => {
  graph.reset();
  t = await createTestApp({ GRAPH_API_URL: graph.url });
  r = requests(t);
});
afterEach(() => t.close());

const PHONE_NUMBER_ID = '106540352242922';

async function deliver(channelId: string, payload: object) {
  const raw = metaJson(payload);
  await t.app.inject({
    method: 'POST',
    url: `/public/v1/channels/${channelId}/webhook`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(raw, 'app-secret') },
    payload: raw,
  });
  await t.app.jobs.drain();
}

async function inbox() {
  const owner = await createOwner(t);
  graph.allow(PHONE_NUMBER_ID, 'token');
  const channel = json(
    await r.post('/v1/channels', owner.token, {
      type: 'whatsapp',
      name: 'WhatsApp',
      phone_number_id: PHONE_NUMBER_ID,
      business_account_id: '102290129340398',
      access_token: 'token',
      app_secret: 'app-secret',
      verify_token: 'verify',
    }),
  ).data;
  const wrote = (from: string, text: string) =>
    deliver(channel.id, whatsappText({ phoneNumberId: PHONE_NUMBER_ID, from, text }));
  await wrote('85251234567', 'first');
  const [conversation] = json(await r.get('/v1/conversations', owner.token)).data;
  return { owner, channel, conversation, wrote };
}
const agentPermissions = ['conversation_read', 'conversation_write'];

describe('assignment', () => {
  it('assigns to a member, who then finds it under "me", and keeps it from agents it is not theirs', async () => {
    const { owner, conversation } = await inbox();
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
    const { owner, conversation } = await inbox();
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

describe('closing', () => {
  it('closes a conversation, which a new message from the customer opens again', async () => {
    const { owner, conversation, wrote } = await inbox();
    const closed = await r.put(`/v1/conversations/${conversation.id}/status`, owner.token, { status: 'closed' });
    expect(json(closed).data.status).toBe('closed');
    expect(json(await r.get('/v1/conversations', owner.token)).data).toEqual([]);
    expect(json(await r.get('/v1/conversations?filter=closed', owner.token)).data).toHaveLength(1);
    await wrote('85251234567', 'me again');
    const [reopened] = json(await r.get('/v1/conversations', owner.token)).data;
    expect(reopened).toMatchObject({ id: conversation.id, status: 'open', last_message_preview: 'me again' });
  });
});
