import type { CsAgentUsage } from '@omnichat/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub.ts';
import { csAgentFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { AGENTS, setup } from './test-helpers.ts';

const AVA = csAgentFixture({ monthly_token_budget: 10_000 });
const PAGE = `/app/cs-agents/${AVA.id}?tab=usage`;
const USAGE = `${AGENTS}/${AVA.id}/usage`;

const usage = (extra: Partial<CsAgentUsage['month']> = {}, days: CsAgentUsage['days'] = []): CsAgentUsage => ({
  days,
  month: {
    input_tokens: 0,
    output_tokens: 0,
    answers: 0,
    handoffs: 0,
    budget: 10_000,
    organization_tokens: 0,
    organization_budget: null,
    ...extra,
  },
});

const rowOf = async (day: string) => (await screen.findByText(day)).closest('tr') as HTMLElement;

describe('AI agent: usage', () => {
  it("shows this month's tokens against the budgets and the days, newest first", async () => {
    const { callsTo } = setup({
      [`GET ${AGENTS}/${AVA.id}`]: [ok(AVA)],
      [`GET ${USAGE}`]: [
        ok(
          usage({ input_tokens: 2000, output_tokens: 500, answers: 7, handoffs: 2, organization_tokens: 4000 }, [
            { day: '2026-11-02', input_tokens: 800, output_tokens: 200, answers: 3, handoffs: 0 },
            { day: '2026-11-20', input_tokens: 1200, output_tokens: 300, answers: 4, handoffs: 2 },
          ]),
        ),
      ],
    });
    await renderApp(PAGE);
    const agent = await screen.findByLabelText("This agent's tokens this month");
    expect(agent).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('2,500 of 10,000')).toBeInTheDocument();
    // the organization has no budget: its tokens without a bar
    expect(screen.queryByLabelText("The organization's tokens this month")).not.toBeInTheDocument();
    expect(screen.getByText('4,000')).toBeInTheDocument();
    expect(screen.getByText('No budget')).toBeInTheDocument();
    expect(screen.queryByText(/The budget is used up/)).not.toBeInTheDocument();

    const latest = await rowOf('Nov 20, 2026');
    expect(within(latest).getByText('1,200')).toBeInTheDocument();
    expect(within(latest).getByText('300')).toBeInTheDocument();
    const rows = [...document.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows[rows.length - 2]).toContain('Nov 20, 2026');
    expect(rows[rows.length - 1]).toContain('Nov 2, 2026');
    expect(callsTo('GET', USAGE)[0]?.url).toContain('days=30');
  });

  it('says when the budget is used up, and that no day had any use', async () => {
    setup({
      [`GET ${AGENTS}/${AVA.id}`]: [ok(AVA)],
      [`GET ${USAGE}`]: [ok(usage({ input_tokens: 9000, output_tokens: 1500, organization_budget: 50_000 }))],
    });
    await renderApp(PAGE);
    expect(
      await screen.findByText('The budget is used up: the agent hands new questions to people until next month.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("This agent's tokens this month")).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByLabelText("The organization's tokens this month")).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(screen.getAllByText('No use in the last 30 days').length).toBeGreaterThan(0));
  });
});
