import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { setSettings } from '../billing/test-helpers.ts';
import { PATH, workflowBody, workflowsSetup } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const keywordReply = (channelId: string, tagId: string) =>
  workflowBody([
    { id: 'start', type: 'trigger.message_received', data: { channel_ids: [channelId], keywords: ['Price'] } },
    {
      id: 'reply',
      type: 'action.send_message',
      data: { text: 'Hi {{customer.first_name}}, you said: {{message.text}}' },
    },
    { id: 'tag', type: 'action.add_tag', data: { tag_id: tagId } },
  ]);

describe('workflow definitions', () => {
  it('creates a workflow at version 1, and each PUT makes the next version', async () => {
    const s = await workflowsSetup(t);
    const created = await s.create(keywordReply(s.channel.id, s.tag.id));
    expect(created.version).toBe(1);
    const body = { ...keywordReply(s.channel.id, s.tag.id), name: 'Renamed' };
    const updated = json(await s.r.put(`${PATH}/${created.id}`, s.owner.token, body)).data;
    expect(updated).toMatchObject({ version: 2, name: 'Renamed', trigger_type: 'trigger.message_received' });
    const read = json(await s.r.get(`${PATH}/${created.id}`, s.owner.token)).data;
    expect(read.nodes.map((node: { id: string }) => node.id)).toEqual(['start', 'reply', 'tag']);
    const list = json(await s.r.get(PATH, s.owner.token));
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ id: created.id, runs: 0, failures: 0 });
  });

  it.each([
    ['no trigger', [{ id: 'only', type: 'action.send_message', data: { text: 'x' } }], undefined, 'nodes'],
    [
      'two triggers',
      [
        { id: 't1', type: 'trigger.manual' },
        { id: 't2', type: 'trigger.customer_created' },
      ],
      [],
      't2',
    ],
    [
      'an unknown type',
      [
        { id: 't', type: 'trigger.manual' },
        { id: 'odd', type: 'action.teleport' },
      ],
      undefined,
      'odd',
    ],
    [
      'invalid data',
      [
        { id: 't', type: 'trigger.manual' },
        { id: 'empty-text', type: 'action.send_message', data: { text: '' } },
      ],
      undefined,
      'empty-text',
    ],
    ['an edge to nowhere', [{ id: 't', type: 'trigger.manual' }], [{ source: 't', target: 'ghost' }], 'ghost'],
    [
      'a cycle',
      [
        { id: 't', type: 'trigger.manual' },
        { id: 'a', type: 'action.wait', data: { seconds: 5 } },
        { id: 'b', type: 'action.wait', data: { seconds: 5 } },
      ],
      [
        { source: 't', target: 'a' },
        { source: 'a', target: 'b' },
        { source: 'b', target: 'a' },
      ],
      'a',
    ],
  ])('refuses a graph with %s, naming the node (400)', async (_, nodes, edges, named) => {
    const s = await workflowsSetup(t);
    const answer = await s.r.post(PATH, s.owner.token, workflowBody(nodes, edges));
    expect(answer.statusCode, answer.body).toBe(400);
    const body = json(answer);
    expect(body.success).toBe(false);
    expect(`${body.error} ${Object.keys(body.fields ?? {}).join(' ')}`).toContain(named);
    expect(json(await s.r.get(PATH, s.owner.token)).data).toHaveLength(0);
  });

  it("refuses a step naming another organization's tag, and says 'workflow name' must not be empty", async () => {
    const s = await workflowsSetup(t);
    const other = await workflowsSetup(t);
    const foreign = await s.r.post(PATH, s.owner.token, keywordReply(s.channel.id, other.tag.id));
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(json(foreign).fields)).toContain('nodes.tag.data.tag_id');
    const unnamed = await s.r.post(PATH, s.owner.token, { ...keywordReply(s.channel.id, s.tag.id), name: ' ' });
    expect(unnamed.statusCode).toBe(400);
    expect(json(unnamed).error).toBe('workflow name must not be empty');
  });

  it('duplicates a workflow switched off, and deletes one with its runs', async () => {
    const s = await workflowsSetup(t);
    const created = await s.create(keywordReply(s.channel.id, s.tag.id));
    const copy = json(await s.r.post(`${PATH}/${created.id}/duplicate`, s.owner.token, {})).data;
    expect(copy).toMatchObject({ name: 'Keyword reply (copy)', active: false, version: 1 });
    await s.visitorSays('what is the price?');
    expect(await s.runs(created.id)).toHaveLength(1);
    expect((await s.r.del(`${PATH}/${created.id}`, s.owner.token)).statusCode).toBe(200);
    expect((await s.r.get(`${PATH}/${created.id}`, s.owner.token)).statusCode).toBe(404);
  });
});

describe('a keyword trigger on the web chat', () => {
  it("answers with the customer's name and tags them; each step is recorded in order", async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(keywordReply(s.channel.id, s.tag.id));
    const visitor = await s.visitorSays('What is the PRICE of tea?');
    const thread = await visitor.thread();
    expect(thread.map((message: { text: string }) => message.text)).toContain(
      'Hi Mei, you said: What is the PRICE of tea?',
    );
    const [run] = await s.runs(workflow.id);
    expect(run).toMatchObject({ status: 'succeeded', version: 1 });
    // empty query values are values not given
    const unfiltered = await s.r.get(`${PATH}/${workflow.id}/executions?status=&page=&size=`, s.owner.token);
    expect(json(unfiltered).data.map((one: { id: string }) => one.id)).toEqual([run!.id]);
    const failedOnly = await s.r.get(`${PATH}/${workflow.id}/executions?status=failed`, s.owner.token);
    expect(json(failedOnly).data).toEqual([]);
    const detail = await s.run(run!.id);
    expect(detail.steps.map((step: { node_id: string; status: string }) => [step.node_id, step.status])).toEqual([
      ['reply', 'succeeded'],
      ['tag', 'succeeded'],
    ]);
    const customer = json(await s.r.get(`/v1/customers/${run!.customer_id}`, s.owner.token)).data;
    expect(customer.tags.map((tag: { id: string }) => tag.id)).toEqual([s.tag.id]);
  });

  it('runs nothing for a message without the keyword, nor when the workflow is switched off', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(keywordReply(s.channel.id, s.tag.id));
    await s.visitorSays('hello there');
    expect(await s.runs(workflow.id)).toHaveLength(0);
    await s.r.put(`${PATH}/${workflow.id}/active`, s.owner.token, { active: false });
    await s.visitorSays('price please');
    expect(await s.runs(workflow.id)).toHaveLength(0);
  });

  it('runs keep the version they started on', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody([
        { id: 'start', type: 'trigger.message_received' },
        { id: 'pause', type: 'action.wait', data: { seconds: 60 } },
        { id: 'reply', type: 'action.send_message', data: { text: 'version one' } },
      ]),
    );
    const visitor = await s.visitorSays('hi');
    await s.r.put(
      `${PATH}/${workflow.id}`,
      s.owner.token,
      workflowBody([
        { id: 'start', type: 'trigger.message_received', data: { keywords: ['never-said'] } },
        { id: 'reply', type: 'action.send_message', data: { text: 'version two' } },
      ]),
    );
    const [waiting] = await s.runs(workflow.id);
    expect(waiting).toMatchObject({ status: 'waiting', version: 1 });
    await t.clock.advance(61_000);
    await t.app.jobs.drain();
    expect((await s.run(waiting!.id)).status).toBe('succeeded');
    expect((await visitor.thread()).map((message: { text: string }) => message.text)).toContain('version one');
  });
});

describe('conditions', () => {
  it('takes the yes or the no branch by the message text', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody(
        [
          { id: 'start', type: 'trigger.message_received' },
          { id: 'check', type: 'condition', data: { field: 'message.text', operator: 'contains', value: 'refund' } },
          { id: 'yes', type: 'action.send_message', data: { text: 'refunds desk' } },
          { id: 'no', type: 'action.send_message', data: { text: 'general desk' } },
        ],
        [
          { source: 'start', target: 'check' },
          { source: 'check', target: 'yes', branch: 'yes' },
          { source: 'check', target: 'no', branch: 'no' },
        ],
      ),
    );
    const asking = await s.visitorSays('I want a REFUND');
    expect((await asking.thread()).map((m: { text: string }) => m.text)).toContain('refunds desk');
    const other = await s.visitorSays('opening hours?');
    expect((await other.thread()).map((m: { text: string }) => m.text)).toContain('general desk');
    const runs = await s.runs(workflow.id);
    const paths = await Promise.all(
      runs.map(async (run) => (await s.run(run.id)).steps.map((step: { node_id: string }) => step.node_id).join('>')),
    );
    expect(paths.sort()).toEqual(['check>no', 'check>yes']);
  });
});

describe('who may', () => {
  it("refuses another organization's user and a role without the permission; nothing changes", async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(keywordReply(s.channel.id, s.tag.id));
    const stranger = await createOwner(t);
    expect((await s.r.get(`${PATH}/${workflow.id}`, stranger.token)).statusCode).toBe(404);
    expect((await s.r.put(`${PATH}/${workflow.id}/active`, stranger.token, { active: false })).statusCode).toBe(404);
    expect((await s.r.del(`${PATH}/${workflow.id}`, stranger.token)).statusCode).toBe(404);
    expect(json(await s.r.get(PATH, stranger.token)).data).toHaveLength(0);
    const reader = await joinAs(t, s.owner.workspaceId, 'member', ['workflow_read']);
    expect((await s.r.get(`${PATH}/${workflow.id}`, reader.token)).statusCode).toBe(200);
    expect((await s.r.put(`${PATH}/${workflow.id}/active`, reader.token, { active: false })).statusCode).toBe(403);
    expect((await s.r.post(PATH, reader.token, keywordReply(s.channel.id, s.tag.id))).statusCode).toBe(403);
    const nobody = await joinAs(t, s.owner.workspaceId, 'member', []);
    expect((await s.r.get(PATH, nobody.token)).statusCode).toBe(403);
    expect((await s.r.get('/v1/workflow-executions', nobody.token)).statusCode).toBe(403);
    const still = json(await s.r.get(`${PATH}/${workflow.id}`, s.owner.token)).data;
    expect(still).toMatchObject({ active: true, version: 1 });
  });
});

describe('the plan gate', () => {
  it('asks to upgrade with billing on and no plan with workflows, and runs none of its triggers', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(keywordReply(s.channel.id, s.tag.id));
    await setSettings(t, { 'billing.enabled': 'true' });
    for (const url of [PATH, '/v1/workflow-executions', '/v1/workflow-schedules']) {
      const answer = await s.r.get(url, s.owner.token);
      expect(answer.statusCode).toBe(403);
      expect(json(answer).error).toBe('please upgrade your plan');
    }
    // its triggers do not run either while the plan lacks workflows
    await s.visitorSays('the price?');
    await setSettings(t, { 'billing.enabled': 'false' });
    expect(await s.runs(workflow.id)).toHaveLength(0);
  });
});
