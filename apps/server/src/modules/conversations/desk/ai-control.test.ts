import { beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../../test/fixtures.ts';
import { json } from '../../../../test/test-app.ts';
import { agentBody } from '../../cs-agents/test-helpers.ts';
import { join } from '../../teams/test-helpers.ts';
import { inboxTest, openInbox } from '../test-helpers.ts';

const inbox = inboxTest();
let { t, r } = inbox;
beforeEach(() => {
  ({ t, r } = inbox);
});

type Item = { type: string; sender_type?: string; sources?: unknown; activity?: Record<string, unknown> };
const detail = async (id: string, token: string) => json(await r.get(`/v1/conversations/${id}`, token));

describe("a conversation's AI agent", () => {
  it("names the AI agent bound to the conversation's channel, and null while the channel has none", async () => {
    const { owner, channel, conversation } = await openInbox(inbox);
    expect((await detail(conversation.id, owner.token)).data.ai_agent).toBeNull();

    const created = await r.post('/v1/cs-agents', owner.token, agentBody({ name: 'Ava', channel_ids: [channel.id] }));
    expect(created.statusCode, created.body).toBe(200);
    const agent = json(created).data as { id: string };
    expect((await detail(conversation.id, owner.token)).data.ai_agent).toEqual({ id: agent.id, name: 'Ava' });

    // another organization neither sees the conversation nor its agent
    const stranger = await createOwner(t, 'Other Org');
    const refused = await r.get(`/v1/conversations/${conversation.id}`, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Ava');
  });
});

describe("a conversation's AI agent switch", () => {
  it('lets a member take a conversation over from the AI agent and hand it back, each with its activity line', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const url = `/v1/conversations/${conversation.id}`;
    expect((await detail(conversation.id, owner.token)).data.ai_active).toBe(true);

    const taken = await r.put(`${url}/ai`, owner.token, { active: false });
    expect(taken.statusCode).toBe(200);
    expect(json(taken).data.ai_active).toBe(false);
    expect((await r.put(`${url}/ai`, owner.token, { active: false })).statusCode).toBe(200); // no change, no line
    expect(json(await r.put(`${url}/ai`, owner.token, { active: true })).data.ai_active).toBe(true);

    const thread = json(await r.get(`${url}/messages`, owner.token)).data as Item[];
    expect(thread[0]).toMatchObject({ type: 'text', sender_type: 'customer', sources: null });
    const activities = thread.filter((item) => item.type === 'activity').map((item) => item.activity);
    expect(activities).toEqual([
      expect.objectContaining({ kind: 'ai_handoff', ai_reason: 'member', actor: expect.objectContaining({}) }),
      expect.objectContaining({ kind: 'ai_resumed' }),
    ]);
  });

  it("marks a member's reply as the member's", async () => {
    const { owner, conversation } = await openInbox(inbox);
    const sent = await r.post(`/v1/conversations/${conversation.id}/messages`, owner.token, {
      type: 'text',
      text: 'Hello from a person',
    });
    expect(json(sent).data).toMatchObject({ direction: 'outbound', sender_type: 'member', sources: null });
  });

  it('refuses a viewer and another organization, changing nothing', async () => {
    const { owner, conversation } = await openInbox(inbox);
    const url = `/v1/conversations/${conversation.id}/ai`;
    const viewer = await join(t, owner.workspaceId, 'viewer', ['conversation_read']);
    expect((await r.put(url, viewer.token, { active: false })).statusCode).toBe(403);
    const stranger = await createOwner(t, 'Other Org');
    expect((await r.put(url, stranger.token, { active: false })).statusCode).toBe(404);
    expect((await r.put(url, owner.token, { active: 'no' })).statusCode).toBe(400);
    expect((await detail(conversation.id, owner.token)).data.ai_active).toBe(true);
  });
});
