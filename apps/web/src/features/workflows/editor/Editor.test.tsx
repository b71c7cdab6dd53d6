import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { detailFixture, setup, stubCanvasDom, WORKFLOWS, workflowFixture } from '../test-helpers.ts';

const NEW = '/app/workflow/new';
/** A node on the canvas by its id. */
const nodeOf = (id: string) => document.querySelector<HTMLElement>(`[data-node-id="${id}"]`);

let restoreDom: () => void;
beforeAll(() => {
  restoreDom = stubCanvasDom();
});
afterAll(() => restoreDom());

describe('workflow builder', () => {
  it('adds a step from the palette and marks what it lacks on the node', async () => {
    setup();
    await renderApp(NEW);
    await waitFor(() => expect(nodeOf('trigger')).not.toBeNull());
    expect(nodeOf('trigger')).toHaveTextContent('Message received');
    await userEvent.setup().click(await screen.findByLabelText('Add Send message'));
    await waitFor(() => expect(nodeOf('send_message-1')).not.toBeNull());
    const node = nodeOf('send_message-1')!;
    expect(node).toHaveAttribute('data-invalid', 'true');
    expect(node).toHaveTextContent('text is missing or invalid');
    // the new step is selected: its settings are in the side panel, with the same problem
    expect(await screen.findByLabelText('Message')).toBeInTheDocument();
    expect(screen.getByText('This step needs attention')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello {{customer.first_name}}' } });
    await waitFor(() => expect(nodeOf('send_message-1')).not.toHaveAttribute('data-invalid'));
  });

  it('asks for a name before saving', async () => {
    const { callsTo } = setup();
    await renderApp(NEW);
    await userEvent.setup().click(await screen.findByText('Save'));
    expect(await screen.findByText('workflow name must not be empty')).toBeInTheDocument();
    expect(callsTo('POST', WORKFLOWS)).toHaveLength(0);
  });

  it('saves the graph of a starting point and shows its version', async () => {
    const created = workflowFixture({ name: 'Welcome message' });
    const { callsTo } = setup({
      [`POST ${WORKFLOWS}`]: [ok(created)],
      [`GET ${WORKFLOWS}/${created.id}`]: [ok(created)],
    });
    const { router } = await renderApp(`${NEW}?start=welcome`);
    await waitFor(() => expect(nodeOf('welcome')).not.toBeNull());
    expect(screen.getByLabelText('Name')).toHaveValue('Welcome message');
    await userEvent.setup().click(screen.getByText('Save'));
    await waitFor(() => expect(callsTo('POST', WORKFLOWS)).toHaveLength(1));
    const body = callsTo('POST', WORKFLOWS)[0]?.body as {
      name: string;
      active: boolean;
      nodes: unknown[];
      edges: unknown[];
    };
    expect(body.name).toBe('Welcome message');
    expect(body.active).toBe(false);
    expect(body.nodes).toEqual([
      { id: 'trigger', type: 'trigger.conversation_opened', data: {}, position: { x: 80, y: 40 } },
      {
        id: 'welcome',
        type: 'action.send_message',
        data: { text: 'Hi {{customer.first_name}}, welcome! How can we help you today?' },
        position: { x: 80, y: 180 },
      },
    ]);
    expect(body.edges).toEqual([{ source: 'trigger', target: 'welcome' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/workflow/${created.id}`));
    expect(await screen.findByText('version 1')).toBeInTheDocument();
  });

  it('says when the server cannot save now', async () => {
    setup({ [`POST ${WORKFLOWS}`]: [fail(503, 'service unavailable')] });
    await renderApp(`${NEW}?start=welcome`);
    await userEvent.setup().click(await screen.findByText('Save'));
    expect(await screen.findByText('unable to save workflow at this time')).toBeInTheDocument();
  });
});

describe('test run', () => {
  it("runs the canvas as it is on a chosen customer and draws each step's status", async () => {
    const saved = workflowFixture();
    const customer = { id: 'd0000000-0000-4000-8000-000000000001', display_name: 'Ann Lee' };
    const { callsTo } = setup({
      [`GET ${WORKFLOWS}/${saved.id}`]: [ok(saved)],
      'GET /v1/customers': [
        {
          status: 200,
          body: { success: true, data: [customer], page: { page: 1, size: 20, total: 1, total_pages: 1 } },
        },
      ],
      'GET /v1/conversations': [
        { status: 200, body: { success: true, data: [], page: { page: 1, size: 20, total: 0, total_pages: 0 } } },
      ],
      [`POST ${WORKFLOWS}/${saved.id}/test`]: [
        ok(
          detailFixture({
            test: true,
            steps: [
              {
                node_id: 'trigger',
                type: 'trigger.conversation_opened',
                status: 'succeeded',
                attempt: 1,
                started_at: 1_700_000_000,
                finished_at: 1_700_000_000,
              },
              {
                node_id: 'welcome',
                type: 'action.send_message',
                status: 'skipped',
                attempt: 1,
                started_at: 1_700_000_000,
                finished_at: 1_700_000_000,
                output: { would_send: 'Hi' },
              },
            ],
          }),
        ),
      ],
    });
    await renderApp(`/app/workflow/${saved.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Test run'));
    fireEvent.mouseDown(await screen.findByLabelText('Customer'));
    await user.click(await screen.findByText('Ann Lee', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByText('Run test'));
    await waitFor(() => expect(callsTo('POST', `${WORKFLOWS}/${saved.id}/test`)).toHaveLength(1));
    expect(callsTo('POST', `${WORKFLOWS}/${saved.id}/test`)[0]?.body).toEqual({
      customer_id: customer.id,
      conversation_id: null,
      draft: { nodes: saved.nodes, edges: saved.edges },
    });
    expect(
      await screen.findByText('Test mode: nothing was sent; each step says what it would do.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(nodeOf('welcome')).toHaveAttribute('data-status', 'skipped'));
    expect(nodeOf('trigger')).toHaveAttribute('data-status', 'succeeded');
  });
});

describe('running by hand', () => {
  it('runs a switched-on manual workflow for the customers chosen', async () => {
    const manual = workflowFixture({
      active: true,
      trigger_type: 'trigger.manual',
      nodes: [{ id: 'trigger', type: 'trigger.manual', data: {}, position: { x: 0, y: 0 } }],
      edges: [],
      broken: [],
    });
    const { callsTo } = setup({
      [`GET ${WORKFLOWS}/${manual.id}`]: [ok(manual)],
      'GET /v1/customers': [ok([{ id: 'c0000000-0000-4000-8000-000000000001', display_name: 'Mei Ling' }])],
      [`POST ${WORKFLOWS}/${manual.id}/run`]: [ok({ execution_ids: ['e0000000-0000-4000-8000-000000000001'] })],
    });
    await renderApp(`/app/workflow/${manual.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Customers'));
    await user.click(await screen.findByText('Mei Ling'));
    await user.click(await screen.findByText('Run for 1 customer'));
    await waitFor(() => expect(callsTo('POST', `${WORKFLOWS}/${manual.id}/run`)).toHaveLength(1));
    expect(callsTo('POST', `${WORKFLOWS}/${manual.id}/run`)[0]?.body).toEqual({
      customer_ids: ['c0000000-0000-4000-8000-000000000001'],
    });
    expect(await screen.findByText('1 run started')).toBeInTheDocument();
  });
});

describe('leaving with changes not saved', () => {
  it('asks before leaving, and stays when asked to', async () => {
    const loaded = workflowFixture({ broken: [] });
    setup({ [`GET ${WORKFLOWS}/${loaded.id}`]: [ok(loaded)] });
    const { router } = await renderApp(`/app/workflow/${loaded.id}`);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Welcome, renamed' } });
    await user.click(screen.getByText('All workflows'));
    expect(await screen.findByText('Your changes to this workflow are not saved yet.')).toBeInTheDocument();
    await user.click(screen.getByText('Stay'));
    expect(router.state.location.pathname).toBe(`/app/workflow/${loaded.id}`);
    expect(screen.getByLabelText('Name')).toHaveValue('Welcome, renamed');
  });
});
