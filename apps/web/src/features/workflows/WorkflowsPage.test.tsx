import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import {
  EXECUTIONS,
  executionFixture,
  paged,
  SCHEDULES,
  setup,
  summaryFixture,
  WORKFLOWS,
  workflowFixture,
} from './test-helpers.ts';

const PAGE = '/app/workflow';
const WELCOME = summaryFixture();
const VIP = summaryFixture({ id: 'a0000000-0000-4000-8000-000000000002', name: 'VIPs', active: true });
/** The open dialog holding a text (found by the text: a page-wide role query is slow in jsdom). */
const modalWith = async (text: string | RegExp) => (await screen.findByText(text)).closest('.ant-modal') as HTMLElement;
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('workflows list', () => {
  it('lists the workflows and switches one on', async () => {
    const { callsTo } = setup({
      [`GET ${WORKFLOWS}`]: [paged([WELCOME, VIP])],
      [`PUT ${WORKFLOWS}/${WELCOME.id}/active`]: [ok(workflowFixture({ active: true }))],
    });
    await renderApp(PAGE);
    const row = await rowOf('Welcome');
    expect(within(row).getByText('Conversation opened')).toBeInTheDocument();
    expect(within(row).getByText('3 runs · 1 failed')).toBeInTheDocument();
    await userEvent.setup().click(within(row).getByLabelText('Active: Welcome'));
    await waitFor(() => expect(callsTo('PUT', `${WORKFLOWS}/${WELCOME.id}/active`)).toHaveLength(1));
    expect(callsTo('PUT', `${WORKFLOWS}/${WELCOME.id}/active`)[0]?.body).toEqual({ active: true });
  });

  it('deletes a workflow only once confirmed', async () => {
    const { callsTo } = setup({
      [`GET ${WORKFLOWS}`]: [paged([WELCOME, VIP]), paged([VIP])],
      [`DELETE ${WORKFLOWS}/${WELCOME.id}`]: [ok({ message: 'Delete successfully' })],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(within(await rowOf('Welcome')).getByLabelText('Delete Welcome'));
    const dialog = await modalWith('Delete the workflow Welcome? Its waiting runs are cancelled.');
    expect(callsTo('DELETE', `${WORKFLOWS}/${WELCOME.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `${WORKFLOWS}/${WELCOME.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Welcome')).not.toBeInTheDocument());
  });

  it('offers the starting points on an empty list', async () => {
    setup({ [`GET ${WORKFLOWS}`]: [paged([])] });
    const { router } = await renderApp(PAGE);
    expect(await screen.findByText('No workflow yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByText('Create workflow'));
    await user.click(await screen.findByText('Follow up after 24 hours of silence'));
    await waitFor(() => expect(router.state.location.search).toBe('?start=follow_up'));
  });
});

describe('history and scheduled runs', () => {
  it('filters the runs by status', async () => {
    const { callsTo } = setup({
      [`GET ${WORKFLOWS}`]: [paged([WELCOME])],
      [`GET ${EXECUTIONS}`]: [paged([executionFixture()])],
    });
    await renderApp(`${PAGE}?tab=history`);
    expect(await screen.findByLabelText('Open run of Welcome')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Status'));
    await user.click(await screen.findByTitle('Failed'));
    await waitFor(() =>
      expect(callsTo('GET', EXECUTIONS).some((call) => call.url.includes('status=failed'))).toBe(true),
    );
  });

  it('says when the history cannot be loaded', async () => {
    setup({
      [`GET ${WORKFLOWS}`]: [paged([])],
      [`GET ${EXECUTIONS}`]: [{ status: 400, body: { success: false, error: 'bad', trace_id: 't' } }],
    });
    await renderApp(`${PAGE}?tab=history`);
    expect(await screen.findByText('failed to fetch/load execution history')).toBeInTheDocument();
  });

  it('cancels a scheduled run once confirmed', async () => {
    const run = {
      id: 'c0000000-0000-4000-8000-000000000001',
      workflow_id: WELCOME.id,
      workflow_name: 'Nightly',
      run_at: 1_800_000_000,
      periodic: true,
    };
    const { callsTo } = setup({
      [`GET ${SCHEDULES}`]: [ok([run]), ok([])],
      [`DELETE ${SCHEDULES}/${run.id}`]: [ok({ message: 'ok' })],
    });
    await renderApp(`${PAGE}?tab=scheduled`);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Cancel the run of Nightly'));
    const dialog = await modalWith(/Skip the run of Nightly/);
    expect(callsTo('DELETE', `${SCHEDULES}/${run.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Skip run' }));
    await waitFor(() => expect(callsTo('DELETE', `${SCHEDULES}/${run.id}`)).toHaveLength(1));
    expect(await screen.findByText('No scheduled run')).toBeInTheDocument();
  });
});
