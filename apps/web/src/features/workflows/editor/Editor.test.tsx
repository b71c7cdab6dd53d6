import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { setup, stubCanvasDom, WORKFLOWS, workflowFixture } from '../test-helpers.ts';

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
