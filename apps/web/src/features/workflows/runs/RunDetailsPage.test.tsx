import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { detailFixture, EXECUTIONS, executionFixture, setup, stubCanvasDom } from '../test-helpers.ts';

const FAILED = detailFixture({
  status: 'failed',
  error: 'workflow execution failed: HTTP 500',
  nodes: [
    { id: 'trigger', type: 'trigger.webhook', data: {}, position: { x: 0, y: 0 } },
    {
      id: 'call',
      type: 'action.http_request',
      data: { method: 'POST', url: 'https://example.com' },
      position: { x: 0, y: 140 },
    },
    { id: 'reply', type: 'action.send_message', data: { text: 'Done' }, position: { x: 0, y: 280 } },
  ],
  edges: [
    { source: 'trigger', target: 'call' },
    { source: 'call', target: 'reply' },
  ],
  steps: [
    {
      node_id: 'trigger',
      type: 'trigger.webhook',
      status: 'succeeded',
      attempt: 1,
      started_at: 1_700_000_000,
      finished_at: 1_700_000_000,
    },
    {
      node_id: 'call',
      type: 'action.http_request',
      status: 'failed',
      attempt: 1,
      started_at: 1_700_000_001,
      finished_at: 1_700_000_002,
      input: { url: 'https://example.com' },
      error: 'the endpoint answered 500',
      missing_variables: ['webhook.body.order'],
    },
  ],
});
const nodeOf = (id: string) => document.querySelector<HTMLElement>(`[data-node-id="${id}"]`);

let restoreDom: () => void;
beforeAll(() => {
  restoreDom = stubCanvasDom();
});
afterAll(() => restoreDom());

describe('run details', () => {
  it("draws each step's status on the graph, lists the steps and retries once confirmed", async () => {
    const { callsTo } = setup({
      [`GET ${EXECUTIONS}/${FAILED.id}`]: [ok(FAILED), ok({ ...FAILED, status: 'running' })],
      [`POST ${EXECUTIONS}/${FAILED.id}/retry`]: [ok(executionFixture({ status: 'running' }))],
    });
    await renderApp(`/app/workflow/executions/${FAILED.id}`);
    await waitFor(() => expect(nodeOf('call')).not.toBeNull());
    expect(nodeOf('trigger')).toHaveAttribute('data-status', 'succeeded');
    expect(nodeOf('call')).toHaveAttribute('data-status', 'failed');
    expect(nodeOf('reply')).toHaveAttribute('data-status', 'unreached');
    expect(screen.getByText('workflow execution failed: HTTP 500')).toBeInTheDocument();
    expect(screen.getByText('the endpoint answered 500')).toBeInTheDocument();
    expect(screen.getByText('Missing variables (left empty): webhook.body.order')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByText('Retry'));
    const dialog = (await screen.findByText('Run it again from its failed step?')).closest('.ant-modal') as HTMLElement;
    expect(callsTo('POST', `${EXECUTIONS}/${FAILED.id}/retry`)).toHaveLength(0);
    await user.click(within(dialog).getByText('Retry'));
    await waitFor(() => expect(callsTo('POST', `${EXECUTIONS}/${FAILED.id}/retry`)).toHaveLength(1));
    // the run is read again: running now, so it can be cancelled and no longer retried
    expect(await screen.findByText('Cancel run')).toBeInTheDocument();
  });
});
