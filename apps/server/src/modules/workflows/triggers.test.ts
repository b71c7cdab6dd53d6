import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { PATH, workflowBody, workflowsSetup } from './test-helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

type Setup = Awaited<ReturnType<typeof workflowsSetup>>;
const newCustomer = async (s: Setup, body: Record<string, unknown> = {}) => {
  const created = await s.r.post('/v1/customers', s.owner.token, { first_name: 'Ada', last_name: 'Wong', ...body });
  expect(created.statusCode, created.body).toBe(200);
  return json(created).data as { id: string };
};
const noteOnTag = (tagId: string) =>
  workflowBody([
    { id: 'tagged', type: 'trigger.customer_tag_added', data: { tag_id: tagId } },
    { id: 'mark', type: 'action.update_field', data: { field: 'company', value: 'Tagged {{customer.first_name}}' } },
  ]);

describe('a tag added, whichever way', () => {
  it('starts the workflow from the customer form and from bulk tags, once per customer', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(noteOnTag(s.tag.id));
    const formed = await newCustomer(s, { tag_ids: [s.tag.id] });
    const bulked = await newCustomer(s, { first_name: 'Bo' });
    const bulk = await s.r.post('/v1/customers/bulk-tags', s.owner.token, {
      customer_ids: [bulked.id, formed.id],
      add_tag_ids: [s.tag.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await t.app.jobs.drain();
    const runs = await s.runs(workflow.id);
    expect(runs.map((run) => run.customer_id).sort()).toEqual([formed.id, bulked.id].sort());
    const company = json(await s.r.get(`/v1/customers/${bulked.id}`, s.owner.token)).data.company;
    expect(company).toBe('Tagged Bo');
  });

  it("never starts a workflow again by its own step's change (the loop guard), but starts the others", async () => {
    const s = await workflowsSetup(t);
    const looping = await s.create(
      workflowBody([
        { id: 'tagged', type: 'trigger.customer_tag_added', data: { tag_id: s.tag.id } },
        { id: 'off', type: 'action.remove_tag', data: { tag_id: s.tag.id } },
        { id: 'on', type: 'action.add_tag', data: { tag_id: s.tag.id } },
      ]),
    );
    const watcher = await s.create(noteOnTag(s.tag.id));
    await newCustomer(s, { tag_ids: [s.tag.id] });
    await t.app.jobs.drain();
    expect(await s.runs(looping.id)).toHaveLength(1);
    // the watcher saw the form's tag and the looping workflow's tag again
    expect(await s.runs(watcher.id)).toHaveLength(2);
  });
});

describe('conversation and customer triggers', () => {
  it('a new customer starts customer_created; closing a conversation starts conversation_closed', async () => {
    const s = await workflowsSetup(t);
    const created = await s.create(
      workflowBody([
        { id: 'new', type: 'trigger.customer_created' },
        { id: 'mark', type: 'action.update_field', data: { field: 'note', value: 'welcomed' } },
      ]),
    );
    const closed = await s.create(
      workflowBody([
        { id: 'closed', type: 'trigger.conversation_closed', data: { channel_ids: [s.channel.id] } },
        { id: 'bye', type: 'action.add_note', data: { text: 'closed by {{customer.display_name}}' } },
      ]),
    );
    const customer = await newCustomer(s);
    await s.visitorSays('hi');
    await t.app.jobs.drain();
    expect(json(await s.r.get(`/v1/customers/${customer.id}`, s.owner.token)).data.note).toBe('welcomed');
    const conversation = json(await s.r.get('/v1/conversations?filter=all', s.owner.token)).data[0];
    const close = await s.r.put(`/v1/conversations/${conversation.id}/status`, s.owner.token, { status: 'closed' });
    expect(close.statusCode, close.body).toBe(200);
    await t.app.jobs.drain();
    const [run] = await s.runs(closed.id);
    expect(run).toMatchObject({ status: 'succeeded', conversation_id: conversation.id });
    // the visitor became a customer too
    expect((await s.runs(created.id)).length).toBeGreaterThanOrEqual(1);
  });
});

describe('a conversation opened by the customer', () => {
  it("starts conversation_opened once, on the customer's first message", async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody([
        { id: 'opened', type: 'trigger.conversation_opened', data: { channel_ids: [s.channel.id] } },
        { id: 'hello', type: 'action.send_message', data: { text: 'Welcome, {{customer.first_name}}!' } },
      ]),
    );
    const visitor = await s.visitorSays('hi there', 'Ada Lam');
    await visitor.say('are you open?');
    await t.app.jobs.drain();
    const runs = await s.runs(workflow.id);
    expect(runs).toHaveLength(1);
    const texts = (await visitor.thread()).map((m: { text: string }) => m.text);
    expect(texts.filter((text: string) => text === 'Welcome, Ada!')).toHaveLength(1);
  });
});

describe('schedules', () => {
  it('a one-time schedule fires at its moment, and is listed until then', async () => {
    const s = await workflowsSetup(t);
    const at = Math.floor(t.clock.now() / 1000) + 3600;
    const workflow = await s.create(
      workflowBody([
        { id: 'when', type: 'trigger.schedule', data: { at } },
        { id: 'call', type: 'action.wait', data: { seconds: 1 } },
      ]),
    );
    const upcoming = json(await s.r.get('/v1/workflow-schedules', s.owner.token)).data;
    expect(upcoming).toEqual([expect.objectContaining({ workflow_id: workflow.id, run_at: at, periodic: false })]);
    await t.app.jobs.drain();
    expect(await s.runs(workflow.id)).toHaveLength(0);
    await t.clock.advance(3601_000);
    await t.app.jobs.drain();
    expect(await s.runs(workflow.id)).toHaveLength(1);
    expect(json(await s.r.get('/v1/workflow-schedules', s.owner.token)).data).toEqual([]);
  });

  it('a periodic schedule over a tag runs once per tagged customer; skipping a firing schedules the next', async () => {
    const s = await workflowsSetup(t);
    const tagged = await Promise.all(
      [1, 2, 3].map((n) => newCustomer(s, { first_name: `C${n}`, tag_ids: [s.tag.id] })),
    );
    await newCustomer(s, { first_name: 'Untagged' });
    const workflow = await s.create(
      workflowBody([
        { id: 'every', type: 'trigger.schedule', data: { cron: '0 9 * * *', tag_ids: [s.tag.id] } },
        { id: 'mark', type: 'action.update_field', data: { field: 'city', value: 'Kowloon' } },
      ]),
    );
    const [first] = json(await s.r.get('/v1/workflow-schedules', s.owner.token)).data;
    // 09:00 in the organization's time zone (Asia/Hong_Kong, UTC+8) is 01:00 UTC
    expect(new Date(first.run_at * 1000).getUTCHours()).toBe(1);
    expect((await s.r.del(`/v1/workflow-schedules/${first.id}`, s.owner.token)).statusCode).toBe(200);
    const [second] = json(await s.r.get('/v1/workflow-schedules', s.owner.token)).data;
    expect(second.run_at - first.run_at).toBe(24 * 3600);
    await t.clock.advance((second.run_at + 1) * 1000 - t.clock.now());
    await t.app.jobs.drain();
    const runs = await s.runs(workflow.id);
    expect(runs.map((run) => run.customer_id).sort()).toEqual(tagged.map((c) => c.id).sort());
    expect(runs.every((run) => run.status === 'succeeded')).toBe(true);
  });
});

describe('test runs and manual runs', () => {
  it('a test run shows what it would send and changes nothing', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create({
      ...workflowBody([
        { id: 'start', type: 'trigger.message_received' },
        {
          id: 'reply',
          type: 'action.send_message',
          data: { text: 'Hello {{customer.first_name}} {{customer.nickname}}' },
        },
        { id: 'tag', type: 'action.add_tag', data: { tag_id: s.tag.id } },
      ]),
      active: false,
    });
    const visitor = await s.visitorSays('hi', 'Mei Chan');
    const conversation = json(await s.r.get('/v1/conversations?filter=all', s.owner.token)).data[0];
    const tested = await s.r.post(`${PATH}/${workflow.id}/test`, s.owner.token, {
      customer_id: conversation.customer.id,
    });
    expect(tested.statusCode, tested.body).toBe(200);
    const run = json(tested).data;
    expect(run).toMatchObject({ test: true, status: 'succeeded' });
    expect(run.steps[0]).toMatchObject({
      node_id: 'reply',
      output: { would_send: 'Hello Mei ' },
      missing_variables: ['customer.nickname'],
    });
    expect(run.steps[1].output).toEqual({ would_add_tag: 'Lead' });
    expect((await visitor.thread()).map((m: { text: string }) => m.text)).toEqual(['hi']);
    const customer = json(await s.r.get(`/v1/customers/${conversation.customer.id}`, s.owner.token)).data;
    expect(customer.tags).toEqual([]);
  });

  it('runs a manual workflow for chosen customers; another organization cannot', async () => {
    const s = await workflowsSetup(t);
    const other = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody([
        { id: 'hand', type: 'trigger.manual' },
        { id: 'mark', type: 'action.update_field', data: { field: 'city', value: 'Sha Tin' } },
      ]),
    );
    const customer = await newCustomer(s);
    const started = await s.r.post(`${PATH}/${workflow.id}/run`, s.owner.token, { customer_ids: [customer.id] });
    expect(json(started).data.execution_ids).toHaveLength(1);
    const foreign = await s.r.post(`${PATH}/${workflow.id}/run`, other.owner.token, { customer_ids: [customer.id] });
    expect(foreign.statusCode).toBe(404);
    await t.app.jobs.drain();
    expect(json(await s.r.get(`/v1/customers/${customer.id}`, s.owner.token)).data.city).toBe('Sha Tin');
    const history = json(await s.r.get('/v1/workflow-executions?status=succeeded', s.owner.token)).data;
    expect(history.map((run: { workflow_id: string }) => run.workflow_id)).toEqual([workflow.id]);
    expect(json(await s.r.get('/v1/workflow-executions', other.owner.token)).data).toEqual([]);
  });
});

describe('bad input at run time', () => {
  it('a step whose tag was deleted fails the run with that reason, and the workflow names the broken node', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody([
        { id: 'hand', type: 'trigger.manual' },
        { id: 'tag', type: 'action.add_tag', data: { tag_id: s.tag.id } },
      ]),
    );
    expect((await s.r.del(`/v1/customer-tags/${s.tag.id}`, s.owner.token)).statusCode).toBe(200);
    const customer = await newCustomer(s);
    await s.r.post(`${PATH}/${workflow.id}/run`, s.owner.token, { customer_ids: [customer.id] });
    await t.app.jobs.drain();
    const [run] = await s.runs(workflow.id);
    expect((await s.run(run!.id)).error).toBe('workflow execution failed: the tag no longer exists');
    const read = json(await s.r.get(`${PATH}/${workflow.id}`, s.owner.token)).data;
    expect(read.broken).toEqual([{ node_id: 'tag', field: 'tag_id' }]);
  });
});
