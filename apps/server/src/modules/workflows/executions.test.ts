import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { PATH, workflowBody, workflowsSetup } from './test-helpers.ts';

/** An endpoint the HTTP steps call: it records requests and answers what the test tells it. */
let endpoint: Server;
let endpointUrl = '';
const received: { method: string; url: string; body: string; headers: IncomingMessage['headers'] }[] = [];
let answer: { status: number; body: string; delayMs?: number } = { status: 200, body: '{"ok":true}' };

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, body, headers: request.headers });
      const send = () => {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => endpoint.close(resolve)));

let t: TestApp;
beforeEach(async () => {
  received.length = 0;
  answer = { status: 200, body: '{"ok":true,"order":{"id":"A-17"}}' };
  t = await createTestApp({ OUTBOUND_HTTP_ALLOW_PRIVATE: 'true' });
});
afterEach(() => t.close());

const webhookWorkflow = (url: string) =>
  workflowBody([
    { id: 'hook', type: 'trigger.webhook' },
    {
      id: 'call',
      type: 'action.http_request',
      data: {
        method: 'POST',
        url: `${url}/orders?who={{webhook.body.name}}`,
        headers: { 'x-api-key': 'k-1' },
        body: '{"name":"{{webhook.body.name}}"}',
      },
    },
  ]);

async function postHook(workflow: { webhook: { url: string; secret: string } | null }, body: object, secret?: string) {
  const url = new URL(workflow.webhook!.url);
  return t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/json', 'x-workflow-secret': secret ?? workflow.webhook!.secret },
    payload: body,
  });
}

describe('webhook trigger and HTTP step', () => {
  it('starts one run per delivery, passes the body to the steps and keeps the answer as the step output', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(webhookWorkflow(endpointUrl));
    const delivery = { name: 'Mei "M" Chan' };
    expect((await postHook(workflow, delivery)).statusCode).toBe(202);
    expect((await postHook(workflow, delivery)).statusCode).toBe(202);
    await t.app.jobs.drain();
    const runs = await s.runs(workflow.id);
    expect(runs).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toEqual({ name: 'Mei "M" Chan' });
    expect(received[0]!.url).toBe('/orders?who=Mei%20%22M%22%20Chan');
    expect(received[0]!.headers['x-api-key']).toBe('k-1');
    const detail = await s.run(runs[0]!.id);
    expect(detail.status).toBe('succeeded');
    expect(detail.steps[0].output).toMatchObject({ status: 200, body: { order: { id: 'A-17' } } });
  });

  it('refuses a wrong secret (401) and starts nothing while the workflow is off', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(webhookWorkflow(endpointUrl));
    expect((await postHook(workflow, { a: 1 }, 'wrong')).statusCode).toBe(401);
    await s.r.put(`${PATH}/${workflow.id}/active`, s.owner.token, { active: false });
    const off = await postHook(workflow, { a: 2 });
    expect(json(off).data).toEqual({ execution_id: null, started: false });
    await t.app.jobs.drain();
    expect(await s.runs(workflow.id)).toHaveLength(0);
  });

  it('fails the run naming the status, and a retry after the endpoint is fixed runs the failed step again', async () => {
    const s = await workflowsSetup(t);
    answer = { status: 404, body: '{"error":"no such order"}' };
    const workflow = await s.create(webhookWorkflow(endpointUrl));
    await postHook(workflow, { name: 'x' });
    await t.app.jobs.drain();
    const [failed] = await s.runs(workflow.id);
    expect(failed!.status).toBe('failed');
    const detail = await s.run(failed!.id);
    expect(detail.error).toBe('workflow execution failed: the endpoint answered HTTP 404');
    expect(detail.steps).toMatchObject([{ node_id: 'call', status: 'failed', attempt: 1 }]);
    answer = { status: 200, body: '{"ok":true}' };
    const retried = await s.r.post(`/v1/workflow-executions/${failed!.id}/retry`, s.owner.token, {});
    expect(retried.statusCode, retried.body).toBe(200);
    await t.app.jobs.drain();
    const after = await s.run(failed!.id);
    expect(after.status).toBe('succeeded');
    expect(after.steps.map((step: { status: string; attempt: number }) => [step.status, step.attempt])).toEqual([
      ['failed', 1],
      ['succeeded', 2],
    ]);
    expect((await s.r.post(`/v1/workflow-executions/${failed!.id}/retry`, s.owner.token, {})).statusCode).toBe(409);
  });

  it('tries a 5xx again within the 20 seconds, then fails with its status', async () => {
    const s = await workflowsSetup(t);
    answer = { status: 503, body: 'busy' };
    const workflow = await s.create(webhookWorkflow(endpointUrl));
    await postHook(workflow, { name: 'x' });
    await t.app.jobs.drain();
    expect(received).toHaveLength(3);
    const [run] = await s.runs(workflow.id);
    const detail = await s.run(run!.id);
    expect(detail.error).toBe('workflow execution failed: the endpoint answered HTTP 503');
    expect(detail.steps[0]).toMatchObject({ status: 'failed', error: 'the endpoint answered HTTP 503' });
  });
});

describe('the outbound safety of HTTP steps', () => {
  it('refuses loopback addresses when private addresses are not allowed, failing the step with the reason', async () => {
    const strict = await createTestApp();
    try {
      const s = await workflowsSetup(strict);
      const workflow = json(await s.r.post(PATH, s.owner.token, webhookWorkflow(endpointUrl))).data;
      const url = new URL(workflow.webhook.url);
      await strict.app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'x-workflow-secret': workflow.webhook.secret },
        payload: { name: 'x' },
      });
      await strict.app.jobs.drain();
      const [run] = json(await s.r.get(`${PATH}/${workflow.id}/executions`, s.owner.token)).data;
      const detail = json(await s.r.get(`/v1/workflow-executions/${run.id}`, s.owner.token)).data;
      expect(detail.status).toBe('failed');
      expect(detail.error).toContain('not allowed');
      expect(received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });

  it('stops reading an answer over 1 MB', async () => {
    const s = await workflowsSetup(t);
    answer = { status: 200, body: `"${'x'.repeat(1024 * 1024 + 10)}"` };
    const workflow = await s.create(webhookWorkflow(endpointUrl));
    await postHook(workflow, { name: 'x' });
    await t.app.jobs.drain();
    const [run] = await s.runs(workflow.id);
    expect((await s.run(run!.id)).error).toContain('more than 1 MB');
  });
});

describe('waits', () => {
  it('a wait for a reply takes yes when the customer writes, and no when the time runs out', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody(
        [
          { id: 'start', type: 'trigger.message_received', data: { keywords: ['hello'] } },
          { id: 'wait', type: 'action.wait_for_reply', data: { timeout_seconds: 3600 } },
          { id: 'thanks', type: 'action.send_message', data: { text: 'Thanks for {{message.text}}' } },
          { id: 'nudge', type: 'action.send_message', data: { text: 'Still there?' } },
        ],
        [
          { source: 'start', target: 'wait' },
          { source: 'wait', target: 'thanks', branch: 'yes' },
          { source: 'wait', target: 'nudge', branch: 'no' },
        ],
      ),
    );
    const replying = await s.visitorSays('hello');
    const silent = await s.visitorSays('hello again', 'Ken Lee');
    const waiting = await s.runs(workflow.id);
    expect(waiting.map((run) => run.status)).toEqual(['waiting', 'waiting']);
    await replying.say('my order');
    await t.app.jobs.drain();
    expect((await replying.thread()).map((m: { text: string }) => m.text)).toContain('Thanks for my order');
    await t.clock.advance(3601_000);
    await t.app.jobs.drain();
    expect((await silent.thread()).map((m: { text: string }) => m.text)).toContain('Still there?');
    const statuses = (await s.runs(workflow.id)).map((run) => run.status);
    expect(statuses).toEqual(['succeeded', 'succeeded']);
  });

  it('cancels a waiting run: its wait never wakes it', async () => {
    const s = await workflowsSetup(t);
    const workflow = await s.create(
      workflowBody([
        { id: 'start', type: 'trigger.message_received' },
        { id: 'wait', type: 'action.wait', data: { seconds: 86_400 } },
        { id: 'later', type: 'action.send_message', data: { text: 'a day later' } },
      ]),
    );
    const visitor = await s.visitorSays('hi');
    const [run] = await s.runs(workflow.id);
    const cancelled = await s.r.post(`/v1/workflow-executions/${run!.id}/cancel`, s.owner.token, {});
    expect(json(cancelled).data.status).toBe('cancelled');
    await t.clock.advance(86_401_000);
    await t.app.jobs.drain();
    expect((await s.run(run!.id)).status).toBe('cancelled');
    expect((await visitor.thread()).map((m: { text: string }) => m.text)).not.toContain('a day later');
  });
});
