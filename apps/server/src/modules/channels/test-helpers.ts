import type { Channel } from '@omnichat/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type FakeGraph, startFakeGraph } from '../../../test/fakes/graph-api.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { requests } from '../teams/test-helpers.ts';

type AppOverrides = Parameters<typeof createTestApp>[1];

/**
 * One fake Graph API for the file and a fresh app pointed at it for each test. Read its fields inside tests or
 * hooks (they change per test): `let { graph, t, r } = app; beforeEach(() => ({ graph, t, r } = app));`
 */
export function channelsTest(options: { env?: Record<string, string>; overrides?: () => AppOverrides } = {}) {
  const app = {} as { graph: FakeGraph; t: TestApp; r: ReturnType<typeof requests> };
  beforeAll(async () => {
    app.graph = await startFakeGraph();
  });
  afterAll(() => app.graph.close());
  beforeEach(async () => {
    app.graph.reset();
    app.t = await createTestApp({ GRAPH_API_URL: app.graph.url, ...options.env }, options.overrides?.());
    app.r = requests(app.t);
  });
  afterEach(() => app.t.close());
  return app;
}

/** A new organization's owner and its web-chat channel (`allowed_origins` left out: the default, any site). */
export async function webchatChannel(t: TestApp, { name = 'Site chat', allowed_origins }: WebchatOptions = {}) {
  const owner = await createOwner(t);
  const created = await requests(t).post('/v1/channels', owner.token, {
    type: 'webchat',
    name,
    ...(allowed_origins && { allowed_origins }),
  });
  expect(created.statusCode, created.body).toBe(200);
  return { owner, channel: json(created).data as Channel & { widget_key: string } };
}

interface WebchatOptions {
  name?: string;
  allowed_origins?: string[];
}
