import type { CsAgentPreview } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeWorkspaceMember } from '../../app/storage.ts';
import { fail, ok } from '../../test/fetch-stub.ts';
import { csAgentFixture, memberOf, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { AGENTS, setup } from './test-helpers.ts';

const AVA = csAgentFixture();
const PAGE = `/app/cs-agents/${AVA.id}?tab=try`;
const PREVIEW = `${AGENTS}/${AVA.id}/preview`;
const HOURS = '82000000-0000-4000-8000-000000000001';
const RETURNS = '82000000-0000-4000-8000-000000000002';

const answer = (extra: Partial<CsAgentPreview> = {}): CsAgentPreview => ({
  reply: 'We are open from 9 to 6.',
  handoff: false,
  handoff_reason: null,
  handoff_note: null,
  sources: [{ article_id: HOURS, title: 'Opening hours' }],
  passages: [
    {
      article_id: HOURS,
      title: 'Opening hours',
      content: 'We are open from 9 to 6 on weekdays.',
      score: 0.032787,
      match: 0.75,
      similarity: 0.81,
      relevant: true,
    },
    {
      article_id: RETURNS,
      title: 'Returns',
      content: 'Returns within 30 days.',
      score: 0.0161,
      match: 0,
      similarity: null,
      relevant: false,
    },
  ],
  instructions: [{ id: '81000000-0000-4000-8000-000000000001', title: 'Greeting', condition: '' }],
  usage: { input_tokens: 1234, output_tokens: 56 },
  ...extra,
});

const message = () => screen.findByLabelText('Message as the customer');

async function ask(text: string) {
  const box = await message();
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('AI agent: Try it', () => {
  it('answers a question, then sends the turns so far as the history of the next', async () => {
    const second = answer({ reply: 'Yes, on Saturdays from 10 to 2.', sources: [], usage: null });
    const { callsTo } = setup({
      [`GET ${AGENTS}/${AVA.id}`]: [ok(AVA)],
      [`POST ${PREVIEW}`]: [ok(answer()), ok(second)],
    });
    await renderApp(PAGE);
    expect(await screen.findByText('Ask a question as a customer would…')).toBeInTheDocument();

    await ask('When are you open?');
    await waitFor(() => expect(callsTo('POST', PREVIEW)).toHaveLength(1));
    expect(callsTo('POST', PREVIEW)[0]?.body).toEqual({ message: 'When are you open?' });
    expect(await screen.findByText('We are open from 9 to 6.')).toBeInTheDocument();
    expect(screen.getByText('Opening hours', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(await message()).toHaveValue('');

    await userEvent.setup().click(screen.getByText('Why this answer'));
    const passages = await screen.findByLabelText('Passages found');
    const hours = within(passages).getByText('We are open from 9 to 6 on weekdays.').closest('li') as HTMLElement;
    expect(within(hours).getByText('Score 0.033')).toBeInTheDocument();
    expect(within(hours).getByText('Match 75%')).toBeInTheDocument();
    expect(within(hours).getByText('used')).toBeInTheDocument();
    const returns = within(passages).getByText('Returns within 30 days.').closest('li') as HTMLElement;
    expect(within(returns).getByText('not relevant')).toBeInTheDocument();
    const instructions = screen.getByLabelText('Instructions the model was given');
    expect(within(instructions).getByText('Condition: Always')).toBeInTheDocument();
    expect(screen.getByText('Tokens: 1,234 in, 56 out')).toBeInTheDocument();

    await ask('And on Saturdays?');
    await waitFor(() => expect(callsTo('POST', PREVIEW)).toHaveLength(2));
    expect(callsTo('POST', PREVIEW)[1]?.body).toEqual({
      message: 'And on Saturdays?',
      history: [
        { from: 'customer', text: 'When are you open?' },
        { from: 'agent', text: 'We are open from 9 to 6.' },
      ],
    });
    expect(await screen.findByText('Yes, on Saturdays from 10 to 2.')).toBeInTheDocument();
    expect(screen.getByText('When are you open?')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByText('Start over'));
    expect(await screen.findByText('Ask a question as a customer would…')).toBeInTheDocument();
    expect(screen.queryByText('We are open from 9 to 6.')).not.toBeInTheDocument();
  });

  it('shows a handoff with its reason in words and the note', async () => {
    setup({
      [`GET ${AGENTS}/${AVA.id}`]: [ok(AVA)],
      [`POST ${PREVIEW}`]: [
        ok(
          answer({
            reply: 'Thank you. A member of our team will answer you shortly.',
            handoff: true,
            handoff_reason: 'provider_failed',
            handoff_note: 'no AI provider is configured',
            sources: [],
            usage: null,
          }),
        ),
      ],
    });
    await renderApp(PAGE);
    await ask('Can I get a refund?');
    expect(await screen.findByText('Would hand over to people: the AI provider did not answer')).toBeInTheDocument();
    expect(screen.getByText('Note: no AI provider is configured')).toBeInTheDocument();
    expect(screen.getByText('Thank you. A member of our team will answer you shortly.')).toBeInTheDocument();
  });

  it("shows the server's refusal inline and keeps the question to send again", async () => {
    setup({
      [`GET ${AGENTS}/${AVA.id}`]: [ok(AVA)],
      [`POST ${PREVIEW}`]: [fail(429, 'too many requests, try again in a minute')],
    });
    await renderApp(PAGE);
    await ask('Hello?');
    expect(await screen.findByText('too many requests, try again in a minute')).toBeInTheDocument();
    expect(await message()).toHaveValue('Hello?');
    expect(screen.getByText('Ask a question as a customer would…')).toBeInTheDocument();
  });

  it('shows a member who may not change agents a note instead of the input', async () => {
    const { callsTo } = setup({
      [`GET ${AGENTS}/${AVA.id}`]: [ok(AVA)],
      'GET /v1/workspace/member/self/permission': [ok({ permissions: ['cs_agent_read'] })],
    });
    storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'member' }, ['cs_agent_read']));
    await renderApp(PAGE);
    expect(await screen.findByText('Only members who may change AI agents can try them.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message as the customer')).not.toBeInTheDocument();
    expect(screen.queryByText('Start over')).not.toBeInTheDocument();
    expect(callsTo('POST', PREVIEW)).toHaveLength(0);
  });
});
