import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-api.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { json, type TestApp } from '../../../test/test-app.ts';
import { workspaces } from '../../platform/identity/workspaces.tables.ts';
import { setSettings } from '../billing/test-helpers.ts';
import { channelsTest } from '../channels/test-helpers.ts';
import { requests } from '../teams/test-helpers.ts';

export const PATH = '/v1/cs-agents';

export const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ava',
  show_name_to_customer: true,
  response_tone: 'friendly',
  response_features: ['emojis', 'greet_by_name'],
  channel_ids: [],
  handoff_team_id: null,
  ...overrides,
});

/** An organization's owner with request helpers bound to the app. */
export async function agentsSetup(t: TestApp) {
  const r = requests(t);
  const owner = await createOwner(t);
  const webchat = async (token: string, name = 'Site chat') => {
    const created = await r.post('/v1/channels', token, { type: 'webchat', name });
    expect(created.statusCode, created.body).toBe(200);
    return json(created).data as { id: string; name: string; widget_key: string };
  };
  const team = async (token: string, name = 'Support') => {
    const created = await r.post('/v1/teams', token, { name });
    expect(created.statusCode, created.body).toBe(200);
    return json(created).data as { id: string };
  };
  const agent = async (token: string, overrides: Record<string, unknown> = {}) => {
    const created = await r.post(PATH, token, agentBody(overrides));
    expect(created.statusCode, created.body).toBe(200);
    return json(created).data as { id: string; channel_ids: string[] };
  };
  const limitAgents = (workspaceId: string, limit: number | null) =>
    t.database.withWorkspace(workspaceId, (tx) =>
      tx.update(workspaces).set({ aiAgentLimit: limit }).where(eq(workspaces.id, workspaceId)),
    );
  return { r, owner, webchat, team, agent, limitAgents };
}

/** Points the AI provider settings at a stand-in (`url`) through the system-settings route, as an admin would. */
export const configureLlm = (t: TestApp, url: string, key: string, extra: Record<string, string> = {}) =>
  setSettings(t, {
    'cs_agent.llm.base_url': url,
    'cs_agent.llm.api_key': key,
    'cs_agent.llm.model': 'chat-model',
    ...extra,
  });

/**
 * Per test, an app (with the channels' fake Graph API) whose AI provider is the OpenAI stand-in, started once for
 * the file and forgetting its requests and scripts before each test; the provider tries briefly (300 ms, 2 retries).
 */
export function llmTest(key: string) {
  const app = channelsTest({ overrides: () => ({ llm: { timeoutMs: 300, maxRetries: 2 } }) });
  const state = app as typeof app & { fake: FakeOpenAi };
  beforeAll(async () => {
    state.fake = await startFakeOpenAi({ keys: [key], models: ['chat-model'] });
  });
  afterAll(() => state.fake.close());
  beforeEach(async () => {
    state.fake.reset();
    await configureLlm(app.t, state.fake.url, key);
  });
  return state;
}
