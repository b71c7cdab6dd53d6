import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { planBody, setSettings, subscribe } from '../billing/test-helpers.ts';
import { agentBody, agentsSetup, PATH } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const listOf = async (s: Awaited<ReturnType<typeof agentsSetup>>, token: string) =>
  json(await s.r.get(PATH, token)).data as { id: string; name: string; channel_ids: string[] }[];

describe('AI customer-service agents', () => {
  it('creates, reads, lists, changes and deletes an agent with its channels and handover team', async () => {
    const s = await agentsSetup(t);
    const chat = await s.webchat(s.owner.token);
    const other = await s.webchat(s.owner.token, 'Shop chat');
    const team = await s.team(s.owner.token);
    const created = await s.r.post(
      PATH,
      s.owner.token,
      agentBody({ name: '  Ava  ', channel_ids: [chat.id], handoff_team_id: team.id, monthly_token_budget: 50_000 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const agent = json(created).data;
    expect(agent).toMatchObject({
      name: 'Ava',
      show_name_to_customer: true,
      response_tone: 'friendly',
      response_features: ['emojis', 'greet_by_name'],
      channel_ids: [chat.id],
      handoff_team_id: team.id,
      handoff_message: null,
      monthly_token_budget: 50_000,
    });
    expect(agent.created_at).toBeGreaterThan(1_700_000_000);
    expect(json(await s.r.get(`${PATH}/${agent.id}`, s.owner.token)).data).toEqual(agent);

    const changed = await s.r.put(`${PATH}/${agent.id}`, s.owner.token, {
      name: 'Ava 2',
      response_tone: 'professional, concise',
      channel_ids: [other.id],
      handoff_team_id: null,
      handoff_message: 'A colleague will answer you shortly.',
      monthly_token_budget: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = json(await s.r.get(`${PATH}/${agent.id}`, s.owner.token)).data;
    expect(after).toMatchObject({
      name: 'Ava 2',
      show_name_to_customer: true,
      response_tone: 'professional, concise',
      response_features: ['emojis', 'greet_by_name'],
      channel_ids: [other.id],
      handoff_team_id: null,
      handoff_message: 'A colleague will answer you shortly.',
      monthly_token_budget: null,
    });
    // the released channel can go to another agent
    await s.agent(s.owner.token, { name: 'Ben', channel_ids: [chat.id] });
    expect((await listOf(s, s.owner.token)).map((a) => [a.name, a.channel_ids])).toEqual([
      ['Ava 2', [other.id]],
      ['Ben', [chat.id]],
    ]);

    const removed = await s.r.del(`${PATH}/${agent.id}`, s.owner.token);
    expect(json(removed).data.message).toBe('Delete successfully');
    expect((await s.r.get(`${PATH}/${agent.id}`, s.owner.token)).statusCode).toBe(404);
    expect((await listOf(s, s.owner.token)).map((a) => a.name)).toEqual(['Ben']);
  });

  it('refuses a name too long or missing and a missing response tone, with their messages, creating nothing', async () => {
    const s = await agentsSetup(t);
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(100) }, 'agent name must be less than 100 characters'],
      [{ name: '   ' }, 'agent name is required'],
      [{ name: undefined }, 'agent name is required'],
      [{ response_tone: '' }, 'response tone is required'],
      [{ response_tone: undefined }, 'response tone is required'],
    ];
    for (const [overrides, message] of refusals) {
      const answer = await s.r.post(PATH, s.owner.token, agentBody(overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(json(answer).error).toBe(message);
    }
    for (const overrides of [
      { response_features: Array.from({ length: 21 }, (_, i) => `feature ${i}`) },
      { response_features: ['x'.repeat(100)] },
      { monthly_token_budget: 0 },
      { monthly_token_budget: 1.5 },
      { channel_ids: ['not-a-uuid'] },
    ]) {
      const answer = await s.r.post(PATH, s.owner.token, agentBody(overrides));
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(400);
    }
    expect((await s.r.post(PATH, s.owner.token, agentBody({ name: 'x'.repeat(99) }))).statusCode).toBe(200);
    expect((await listOf(s, s.owner.token)).map((a) => a.name)).toEqual(['x'.repeat(99)]);
    const zh = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { ...bearer(s.owner.token), 'x-locale': 'zh-HK' },
      payload: agentBody({ response_tone: ' ' }),
    });
    expect(json(zh).error).toBe('必須填寫回覆語氣');
  });

  it("holds the organization's AI-agent limit, naming it", async () => {
    const s = await agentsSetup(t);
    await s.limitAgents(s.owner.workspaceId, 2);
    await s.agent(s.owner.token, { name: 'One' });
    const second = await s.agent(s.owner.token, { name: 'Two' });
    const third = await s.r.post(PATH, s.owner.token, agentBody({ name: 'Three' }));
    expect(third.statusCode).toBe(409);
    expect(json(third).error).toBe('this organization can have at most 2 AI agents');
    expect((await listOf(s, s.owner.token)).map((a) => a.name)).toEqual(['One', 'Two']);
    await s.r.del(`${PATH}/${second.id}`, s.owner.token);
    expect((await s.r.post(PATH, s.owner.token, agentBody({ name: 'Three' }))).statusCode).toBe(200);
    await s.limitAgents(s.owner.workspaceId, 0);
    expect((await s.r.post(PATH, s.owner.token, agentBody({ name: 'Four' }))).statusCode).toBe(409);
  });

  it('lets two agents created at once pass the limit only once', async () => {
    const s = await agentsSetup(t);
    await s.limitAgents(s.owner.workspaceId, 1);
    const answers = await Promise.all(
      ['A', 'B', 'C'].map((name) => s.r.post(PATH, s.owner.token, agentBody({ name }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await listOf(s, s.owner.token)).toHaveLength(1);
  });

  it('refuses a channel bound to another agent with a 409 naming both, on create and on change', async () => {
    const s = await agentsSetup(t);
    const chat = await s.webchat(s.owner.token, 'Site chat');
    const free = await s.webchat(s.owner.token, 'Shop chat');
    const ava = await s.agent(s.owner.token, { name: 'Ava', channel_ids: [chat.id] });
    const clash = await s.r.post(PATH, s.owner.token, agentBody({ name: 'Ben', channel_ids: [free.id, chat.id] }));
    expect(clash.statusCode).toBe(409);
    expect(json(clash).error).toBe('the channel Site chat already has the AI agent Ava: one agent per channel');
    const ben = await s.agent(s.owner.token, { name: 'Ben', channel_ids: [free.id] });
    const moved = await s.r.put(`${PATH}/${ben.id}`, s.owner.token, { channel_ids: [chat.id] });
    expect(moved.statusCode).toBe(409);
    expect(json(moved).error).toContain('Ava');
    expect((await listOf(s, s.owner.token)).map((a) => [a.name, a.channel_ids])).toEqual([
      ['Ava', [chat.id]],
      ['Ben', [free.id]],
    ]);
    // an agent may keep its own channels when saved again
    expect((await s.r.put(`${PATH}/${ava.id}`, s.owner.token, { channel_ids: [chat.id] })).statusCode).toBe(200);
  });

  it("refuses another organization's channel and team, never binding them", async () => {
    const s = await agentsSetup(t);
    const stranger = await createOwner(t);
    const theirs = await s.webchat(stranger.token);
    const theirTeam = await s.team(stranger.token);
    const channel = await s.r.post(PATH, s.owner.token, agentBody({ channel_ids: [theirs.id] }));
    expect(channel.statusCode).toBe(400);
    expect(json(channel).error).toBe('a chosen channel does not exist in this organization');
    const team = await s.r.post(PATH, s.owner.token, agentBody({ handoff_team_id: theirTeam.id }));
    expect(team.statusCode).toBe(400);
    expect(json(team).error).toBe('the chosen team does not exist in this organization');
    const mine = await s.agent(s.owner.token);
    expect((await s.r.put(`${PATH}/${mine.id}`, s.owner.token, { channel_ids: [theirs.id] })).statusCode).toBe(400);
    expect((await s.r.put(`${PATH}/${mine.id}`, s.owner.token, { handoff_team_id: theirTeam.id })).statusCode).toBe(
      400,
    );
    expect(await listOf(s, s.owner.token)).toMatchObject([{ channel_ids: [] }]);
    expect(json(await s.r.get(`${PATH}/${mine.id}`, s.owner.token)).data.handoff_team_id).toBeNull();
    // their channel stays free for their own agent
    expect((await s.r.post(PATH, stranger.token, agentBody({ channel_ids: [theirs.id] }))).statusCode).toBe(200);
  });

  it('refuses another organization, members without cs_agent_write and viewers on every route, changing nothing', async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    const instruction = json(
      await s.r.post(`${PATH}/${agent.id}/instructions`, s.owner.token, { title: 'Refunds', content: 'Say 30 days.' }),
    ).data;
    const article = json(
      await s.r.post(`${PATH}/${agent.id}/knowledge`, s.owner.token, { title: 'Hours', content: 'Open 9 to 5.' }),
    ).data;
    const snapshot = async () => ({
      agent: json(await s.r.get(`${PATH}/${agent.id}`, s.owner.token)).data,
      instructions: json(await s.r.get(`${PATH}/${agent.id}/instructions`, s.owner.token)).data,
      article: json(await s.r.get(`${PATH}/${agent.id}/knowledge/${article.id}`, s.owner.token)).data,
      agents: await listOf(s, s.owner.token),
    });
    const before = await snapshot();
    const other = await createOwner(t);
    const reader = await joinAs(t, s.owner.workspaceId, 'member', ['cs_agent_read']);
    const viewer = await joinAs(t, s.owner.workspaceId, 'viewer');
    const member = await joinAs(t, s.owner.workspaceId, 'member');
    const one = `${PATH}/${agent.id}`;
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', PATH, agentBody({ name: 'Intruder' })],
      ['PUT', one, { name: 'Hijacked' }],
      ['POST', `${one}/instructions`, { title: 'x', content: 'y' }],
      ['PUT', `${one}/instructions/order`, { ids: [instruction.id] }],
      ['PUT', `${one}/instructions/${instruction.id}`, { content: 'Changed' }],
      ['POST', `${one}/knowledge`, { title: 'x', content: 'y' }],
      ['PUT', `${one}/knowledge/${article.id}`, { content: 'Changed' }],
      ['POST', `${one}/preview`, { message: 'What are your hours?' }],
      ['DELETE', `${one}/instructions/${instruction.id}`],
      ['DELETE', `${one}/knowledge/${article.id}`],
      ['DELETE', one],
    ];
    const reads = [one, `${one}/instructions`, `${one}/knowledge`, `${one}/knowledge/${article.id}`, `${one}/usage`];
    const call = (method: string, url: string, token: string, payload?: object) =>
      t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload && { payload }) });
    for (const [method, url, payload] of writes) {
      for (const token of [reader.token, viewer.token, member.token])
        expect((await call(method, url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      if (url !== PATH)
        expect((await call(method, url, other.token, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of [PATH, ...reads]) {
      expect((await call('GET', url, reader.token)).statusCode, url).toBe(200);
      for (const token of [viewer.token, member.token]) expect((await call('GET', url, token)).statusCode).toBe(403);
    }
    for (const url of reads) expect((await call('GET', url, other.token)).statusCode, url).toBe(404);
    expect(json(await call('GET', PATH, other.token)).data).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the plan gate on AI agents', () => {
  async function createPlan(overrides: Record<string, unknown>) {
    const admin = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/subscription-plans',
      headers: bearer(admin),
      payload: planBody(overrides),
    });
    expect(response.statusCode, response.body).toBe(200);
    return json(response).data as { id: string };
  }

  it('asks to upgrade, with billing on, unless the plan has cs_agent; the plan then sets the limit', async () => {
    const s = await agentsSetup(t);
    const agent = await s.agent(s.owner.token);
    await setSettings(t, { 'billing.enabled': 'true' });
    const basic = await createPlan({ tag: 'basic', features: ['broadcast'] });
    const pro = await createPlan({ tag: 'pro', features: ['cs_agent'], ai_agent_limit: 1 });
    await subscribe(t, s.owner.workspaceId, basic.id);
    for (const [method, url] of [
      ['GET', PATH],
      ['POST', PATH],
      ['GET', `${PATH}/${agent.id}`],
      ['PUT', `${PATH}/${agent.id}`],
      ['DELETE', `${PATH}/${agent.id}`],
      ['GET', `${PATH}/${agent.id}/knowledge`],
      ['POST', `${PATH}/${agent.id}/instructions`],
    ] as const) {
      const answer = await t.app.inject({
        method,
        url,
        headers: bearer(s.owner.token),
        ...(method !== 'GET' && method !== 'DELETE' && { payload: agentBody({ title: 't', content: 'c' }) }),
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(json(answer).error).toBe('please upgrade your plan');
    }
    const upgraded = await createOwner(t);
    await subscribe(t, upgraded.workspaceId, pro.id);
    expect((await s.r.post(PATH, upgraded.token, agentBody())).statusCode).toBe(200);
    const beyond = await s.r.post(PATH, upgraded.token, agentBody({ name: 'Second' }));
    expect(json(beyond).error).toBe('this organization can have at most 1 AI agents');
    await setSettings(t, { 'billing.enabled': 'false' });
    expect(await listOf(s, s.owner.token)).toHaveLength(1);
  });
});
