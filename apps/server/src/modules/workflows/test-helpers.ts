import { expect } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { json, type TestApp } from '../../../test/test-app.ts';
import { requests } from '../teams/test-helpers.ts';
import { widget } from '../webchat/test-helpers.ts';

export const PATH = '/v1/workflows';

type Node = { id: string; type: string; data?: Record<string, unknown> };
type Edge = { source: string; target: string; branch?: 'yes' | 'no' };

/** A workflow body: the nodes in order, each edge given or (default) one after the other. */
export function workflowBody(nodes: Node[], edges?: Edge[], extra: Record<string, unknown> = {}) {
  return {
    name: 'Keyword reply',
    active: true,
    nodes: nodes.map((node) => ({ data: {}, ...node })),
    edges: edges ?? nodes.slice(1).map((node, index) => ({ source: nodes[index]!.id, target: node.id })),
    ...extra,
  };
}

/** An organization's owner with a web-chat channel, a tag, and helpers to make workflows and read their runs. */
export async function workflowsSetup(t: TestApp) {
  const r = requests(t);
  const owner = await createOwner(t);
  const channel = json(await r.post('/v1/channels', owner.token, { type: 'webchat', name: 'Site chat' })).data as {
    id: string;
    widget_key: string;
  };
  const tag = json(await r.post('/v1/customer-tags', owner.token, { name: 'Lead' })).data as { id: string };
  const create = async (body: object, token = owner.token) => {
    const created = await r.post(PATH, token, body);
    expect(created.statusCode, created.body).toBe(200);
    return json(created).data as { id: string; version: number; webhook: { url: string; secret: string } | null };
  };
  const runs = async (workflowId: string) =>
    json(await r.get(`${PATH}/${workflowId}/executions?size=100`, owner.token)).data as {
      id: string;
      status: string;
      customer_id: string | null;
      conversation_id: string | null;
      version: number;
    }[];
  const run = async (id: string) => json(await r.get(`/v1/workflow-executions/${id}`, owner.token)).data;
  /** a web-chat visitor who writes `text` (the jobs it starts run) */
  const visitorSays = async (text: string, name = 'Mei Chan') => {
    const visitor = widget(t, channel.widget_key);
    await visitor.start({ name });
    const said = await visitor.say(text);
    expect(said.statusCode, said.body).toBe(200);
    await t.app.jobs.drain();
    return visitor;
  };
  return { r, owner, channel, tag, create, runs, run, visitorSays };
}
