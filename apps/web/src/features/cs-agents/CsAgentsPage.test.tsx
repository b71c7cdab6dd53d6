import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fetch-stub.ts';
import { csAgentFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { AGENTS, drawer, paged, SALES, setup, WEB } from './test-helpers.ts';

const PAGE = '/app/cs-agents';
const AVA = csAgentFixture({ channel_ids: [SALES.id, WEB.id], response_tone: 'professional' });
const BOB = csAgentFixture({ id: '80000000-0000-4000-8000-000000000002', name: 'Bob', response_tone: 'like a pirate' });

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('AI agents list', () => {
  it('lists the agents with their channels by name and their tone', async () => {
    setup({ [`GET ${AGENTS}`]: [paged([AVA, BOB])] });
    await renderApp(PAGE);
    const ava = await rowOf('Ava');
    expect(within(ava).getByText('Sales line')).toBeInTheDocument();
    expect(within(ava).getByText('Website chat')).toBeInTheDocument();
    expect(within(ava).getByText('Professional')).toBeInTheDocument();
    const bob = await rowOf('Bob');
    expect(within(bob).getByText('like a pirate')).toBeInTheDocument();
    expect(within(bob).getByText('No channel')).toBeInTheDocument();
    expect(within(ava).getByRole('link', { name: 'Open Ava' })).toHaveAttribute('href', `${PAGE}/${AVA.id}`);
    expect(screen.queryByText('Getting started with AI agents')).not.toBeInTheDocument();
  });

  it('shows the first-run guide and a call to create on an empty list; the guide stays dismissed', async () => {
    setup({ [`GET ${AGENTS}`]: [paged([])] });
    const first = await renderApp(PAGE);
    expect(await screen.findByText('No AI agent yet')).toBeInTheDocument();
    const guide = screen.getByText('Getting started with AI agents').closest('.ant-card') as HTMLElement;
    expect(within(guide).getByText('Create an agent')).toBeInTheDocument();
    expect(within(guide).getByText('Add knowledge')).toBeInTheDocument();
    expect(within(guide).getByText('Bind a channel')).toBeInTheDocument();
    expect(within(guide).getByText('Try it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create agent' })).toBeInTheDocument();
    await userEvent.setup().click(within(guide).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByText('Getting started with AI agents')).not.toBeInTheDocument());
    first.unmount();

    await renderApp(PAGE);
    expect(await screen.findByText('No AI agent yet')).toBeInTheDocument();
    expect(screen.queryByText('Getting started with AI agents')).not.toBeInTheDocument();
  });

  it('creates an agent with its name and tone and opens its editor', async () => {
    const created = csAgentFixture({ id: '80000000-0000-4000-8000-000000000009', name: 'Cleo' });
    const { callsTo } = setup({
      [`GET ${AGENTS}`]: [paged([])],
      [`POST ${AGENTS}`]: [ok(created)],
      [`GET ${AGENTS}/${created.id}`]: [ok(created)],
      [`GET ${AGENTS}/${created.id}/instructions`]: [ok([])],
    });
    const { router } = await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create agent' }));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Name'), { target: { value: 'Cleo' } });
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('POST', AGENTS)).toHaveLength(1));
    expect(callsTo('POST', AGENTS)[0]?.body).toEqual({
      name: 'Cleo',
      response_tone: 'friendly',
      show_name_to_customer: true,
      response_features: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/${created.id}`));
    expect(await screen.findByRole('tab', { name: 'Settings' })).toBeInTheDocument();
  });

  it("shows the organization's AI-agent limit as the server words it, and keeps the form", async () => {
    setup({
      [`GET ${AGENTS}`]: [paged([AVA])],
      [`POST ${AGENTS}`]: [fail(409, 'this organization can have at most 1 AI agents')],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create agent' }));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Name'), { target: { value: 'Cleo' } });
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('this organization can have at most 1 AI agents');
    expect(within(panel).getByLabelText('Name')).toHaveValue('Cleo');
  });

  it('deletes an agent only once confirmed', async () => {
    const { callsTo } = setup({
      [`GET ${AGENTS}`]: [paged([AVA, BOB]), paged([BOB])],
      [`DELETE ${AGENTS}/${AVA.id}`]: [ok({ message: 'Delete successfully' })],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(within(await rowOf('Ava')).getByRole('button', { name: 'Delete Ava' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the agent Ava with its instructions and knowledge?');
    expect(callsTo('DELETE', `${AGENTS}/${AVA.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `${AGENTS}/${AVA.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Ava')).not.toBeInTheDocument());
    expect(screen.getByText('Bob')).toBeInTheDocument();
  });
});
