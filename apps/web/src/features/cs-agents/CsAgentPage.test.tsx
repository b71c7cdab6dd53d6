import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fetch-stub.ts';
import { csAgentFixture, csInstructionFixture, knowledgeSummaryFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { AGENTS, drawer, paged, SALES, setup, TEAM, WEB } from './test-helpers.ts';

const AVA = csAgentFixture({ channel_ids: [SALES.id] });
const PAGE = `/app/cs-agents/${AVA.id}`;
const ONE = `${AGENTS}/${AVA.id}`;
const REFUNDS = csInstructionFixture();
const GREETING = csInstructionFixture({
  id: '81000000-0000-4000-8000-000000000002',
  position: 1,
  title: 'Greeting',
  condition: '',
  content: 'Say hello.',
});

const editor = (extra: Parameters<typeof setup>[0] = {}) =>
  setup({
    [`GET ${ONE}`]: [ok(AVA)],
    [`GET ${ONE}/instructions`]: [ok([REFUNDS, GREETING])],
    [`GET ${ONE}/knowledge`]: [paged([knowledgeSummaryFixture()])],
    ...extra,
  });

describe('AI agent editor', () => {
  it('saves the settings as the PUT body of every field', async () => {
    const { callsTo } = editor({ [`PUT ${ONE}`]: [ok({ ...AVA, name: 'Ava 2', updated_at: 1_700_000_100 })] });
    await renderApp(PAGE);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ava');
    fireEvent.change(name, { target: { value: 'Ava 2' } });
    fireEvent.change(screen.getByLabelText('Response tone'), { target: { value: 'calm and warm' } });
    fireEvent.change(screen.getByLabelText('Handoff message'), { target: { value: 'One moment please' } });
    fireEvent.change(screen.getByLabelText('Monthly token budget'), { target: { value: '50000' } });
    const user = userEvent.setup();
    fireEvent.mouseDown(screen.getByLabelText('Bound channels'));
    await user.click(await screen.findByText('Website chat', { selector: '.ant-select-item-option-content' }));
    fireEvent.mouseDown(screen.getByLabelText('Handoff team'));
    await user.click(await screen.findByText('Support', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', ONE)).toHaveLength(1));
    expect(callsTo('PUT', ONE)[0]?.body).toEqual({
      name: 'Ava 2',
      show_name_to_customer: true,
      response_tone: 'calm and warm',
      response_features: [],
      channel_ids: [SALES.id, WEB.id],
      handoff_team_id: TEAM.id,
      handoff_message: 'One moment please',
      monthly_token_budget: 50000,
    });
    expect(await screen.findByText('Agent saved')).toBeInTheDocument();
  });

  it('refuses a budget that is not a whole number before sending', async () => {
    const { callsTo } = editor();
    await renderApp(PAGE);
    fireEvent.change(await screen.findByLabelText('Monthly token budget'), { target: { value: '12.5' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number greater than 0')).toBeInTheDocument();
    expect(callsTo('PUT', ONE)).toHaveLength(0);
  });

  it('shows a channel bound to another agent (409) with the server message', async () => {
    const taken = 'the channel Website chat already has the AI agent Bob: one agent per channel';
    editor({ [`PUT ${ONE}`]: [fail(409, taken)] });
    await renderApp(PAGE);
    await screen.findByLabelText('Name');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(screen.queryByText('Agent saved')).not.toBeInTheDocument();
  });

  it('lists the instructions in order and adds one through the drawer', async () => {
    const added = csInstructionFixture({ id: '81000000-0000-4000-8000-000000000003', title: 'Prices', position: 2 });
    const { callsTo } = editor({
      [`POST ${ONE}/instructions`]: [ok(added)],
      [`GET ${ONE}/instructions`]: [ok([REFUNDS, GREETING]), ok([REFUNDS, GREETING, added])],
    });
    await renderApp(`${PAGE}?tab=instructions`);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Instructions' });
    expect(within(list).getByText('1. Refunds')).toBeInTheDocument();
    expect(within(list).getByText('Condition: Always')).toBeInTheDocument();
    expect(screen.getByLabelText('Move Refunds up')).toBeDisabled();

    // text and label queries: a role query over the whole page takes a second or more in jsdom
    await user.click(screen.getByText('Add instruction'));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Prices' } });
    fireEvent.change(within(panel).getByLabelText('Condition'), { target: { value: 'asked for prices' } });
    fireEvent.change(within(panel).getByLabelText('Content'), { target: { value: 'Point to the price list.' } });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', `${ONE}/instructions`)).toHaveLength(1));
    expect(callsTo('POST', `${ONE}/instructions`)[0]?.body).toEqual({
      title: 'Prices',
      condition: 'asked for prices',
      content: 'Point to the price list.',
    });
    expect(await screen.findByText('3. Prices')).toBeInTheDocument();
  });

  it('moves an instruction up through the reorder route', async () => {
    const { callsTo } = editor({
      [`GET ${ONE}/instructions`]: [ok([REFUNDS, GREETING]), ok([GREETING, REFUNDS])],
      [`PUT ${ONE}/instructions/order`]: [ok([GREETING, REFUNDS])],
    });
    await renderApp(`${PAGE}?tab=instructions`);
    await userEvent.setup().click(await screen.findByLabelText('Move Greeting up'));
    await waitFor(() => expect(callsTo('PUT', `${ONE}/instructions/order`)).toHaveLength(1));
    expect(callsTo('PUT', `${ONE}/instructions/order`)[0]?.body).toEqual({ ids: [GREETING.id, REFUNDS.id] });
    expect(await screen.findByText('1. Greeting')).toBeInTheDocument();
  });

  it('adds a knowledge article and shows it indexing until its passages are built', async () => {
    const waiting = knowledgeSummaryFixture({
      id: '82000000-0000-4000-8000-000000000002',
      title: 'Returns',
      passages: 0,
      indexed_at: null,
      excerpt: 'Returns within 30 days',
    });
    const { callsTo } = editor({
      [`POST ${ONE}/knowledge`]: [ok({ ...waiting, content: 'Returns within 30 days' })],
      [`GET ${ONE}/knowledge`]: [
        paged([knowledgeSummaryFixture()]),
        paged([waiting, knowledgeSummaryFixture()]),
        paged([{ ...waiting, passages: 1, indexed_at: 1_700_000_200 }, knowledgeSummaryFixture()]),
      ],
    });
    await renderApp(`${PAGE}?tab=knowledge`);
    const user = userEvent.setup();
    const hours = (await screen.findByText('Opening hours')).closest('tr') as HTMLElement;
    expect(within(hours).getByText('Passages indexed: 2')).toBeInTheDocument();
    expect(within(hours).getByText('We are open from 9 to 6')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add article' }));
    const panel = await drawer();
    fireEvent.change(within(panel).getByLabelText('Title'), { target: { value: 'Returns' } });
    fireEvent.change(within(panel).getByLabelText('Content'), { target: { value: 'Returns within 30 days' } });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', `${ONE}/knowledge`)).toHaveLength(1));
    expect(callsTo('POST', `${ONE}/knowledge`)[0]?.body).toEqual({
      title: 'Returns',
      content: 'Returns within 30 days',
      source: 'editor',
    });
    const returns = (await screen.findByText('Returns')).closest('tr') as HTMLElement;
    expect(within(returns).getByText('indexing…')).toBeInTheDocument();
    // the list asks again while an article waits, and shows its passages once built
    expect(await within(returns).findByText('Passages indexed: 1', {}, { timeout: 6000 })).toBeInTheDocument();
  }, 15_000);

  it('imports an article from a web address, showing the refusal of a first address, then the new article', async () => {
    const refusal = 'the address answered with the error 404: check it and try again';
    const address = 'https://shop.example.com/shipping';
    const imported = knowledgeSummaryFixture({
      id: '82000000-0000-4000-8000-000000000003',
      title: 'Shipping & returns',
      source: 'url',
      source_name: address,
      passages: 0,
      indexed_at: null,
      excerpt: 'We ship within two days.',
    });
    const { callsTo } = editor({
      [`POST ${ONE}/knowledge/import-url`]: [
        fail(400, refusal),
        ok({ ...imported, content: 'We ship within two days.' }),
      ],
      [`GET ${ONE}/knowledge`]: [paged([knowledgeSummaryFixture()]), paged([imported, knowledgeSummaryFixture()])],
    });
    await renderApp(`${PAGE}?tab=knowledge`);
    const user = userEvent.setup();
    await screen.findByText('Opening hours');
    await user.click(screen.getByText('Import'));
    const panel = await drawer();
    expect(within(panel).getByText('Import knowledge article')).toBeInTheDocument();
    await user.click(within(panel).getByText('From a web address'));
    fireEvent.change(within(panel).getByLabelText('Web address'), {
      target: { value: ' https://shop.example.com/missing ' },
    });
    await user.click(within(panel).getByText('Import'));
    await waitFor(() => expect(callsTo('POST', `${ONE}/knowledge/import-url`)).toHaveLength(1));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(refusal);
    expect(callsTo('POST', `${ONE}/knowledge/import-url`)[0]?.body).toEqual({
      url: 'https://shop.example.com/missing',
    });
    expect(screen.queryByText('Shipping & returns')).not.toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText('Web address'), { target: { value: address } });
    await user.click(within(panel).getByText('Import'));
    expect(await screen.findByText('Article imported: Shipping & returns')).toBeInTheDocument();
    expect(callsTo('POST', `${ONE}/knowledge/import-url`)[1]?.body).toEqual({ url: address });
    const row = (await screen.findByText('Shipping & returns', { selector: 'tr *' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('indexing…')).toBeInTheDocument();
  });

  it('refuses a file of another type before sending it', async () => {
    const { callsTo } = editor();
    await renderApp(`${PAGE}?tab=knowledge`);
    await screen.findByText('Opening hours');
    await userEvent.setup().click(screen.getByText('Import'));
    const panel = await drawer();
    const input = panel.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(
      await within(panel).findByText('Only these files can be imported: .txt, .md, .pdf, .docx'),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(panel).getByText('Import'));
    expect(callsTo('POST', `${ONE}/knowledge/import-file`)).toHaveLength(0);
  });
});
