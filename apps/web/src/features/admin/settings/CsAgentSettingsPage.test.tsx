import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render.tsx';
import { asSystemAdmin, findButton } from '../admin-test-helpers.ts';

const PROVIDER = [
  { key: 'cs_agent.llm.base_url', value: 'https://llm.example.com/v1' },
  { key: 'cs_agent.llm.api_key', value: '********' },
  { key: 'cs_agent.llm.model', value: 'gpt-4o-mini' },
  { key: 'cs_agent.llm.embedding_model', value: '' },
  { key: 'cs_agent.monthly_token_budget_default', value: '' },
  { key: 'cs_agent.max_answers_per_hour', value: '20' },
];

describe('CS agent settings page', () => {
  it('shows the provider with the key masked, and saves only what changed', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [ok(PROVIDER)],
      'PUT /v1/system-setting': (call) => ok((call.body as { settings: unknown[] }).settings),
    });
    await renderApp('/admin/settings/cs-agent');
    const baseUrl = await screen.findByLabelText('LLM base URL');
    await waitFor(() => expect(baseUrl).toHaveValue('https://llm.example.com/v1'));
    expect(screen.getByLabelText('LLM API key')).toHaveValue('********');
    expect(screen.getByLabelText('LLM API key')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Chat model')).toHaveValue('gpt-4o-mini');
    expect(screen.getByLabelText('Embeddings model (optional)')).toHaveValue('');
    expect(
      screen.getByText('e.g. text-embedding-3-small. Empty: knowledge is found by full-text search only.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('AI answers per conversation per hour at most')).toHaveValue('20');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Embeddings model (optional)'), 'text-embedding-3-small');
    await user.type(screen.getByLabelText('Default monthly token budget per organization'), '2000000');
    const price = screen.getByLabelText('Price per AI answer');
    expect(price).toHaveValue('0.00');
    await user.clear(price);
    await user.type(price, '0.05');
    await user.click(await findButton('Save settings'));
    await waitFor(() => expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(1));
    expect(callsTo('PUT', '/v1/system-setting')[0]?.body).toEqual({
      settings: [
        { key: 'cs_agent.llm.embedding_model', value: 'text-embedding-3-small' },
        { key: 'cs_agent.monthly_token_budget_default', value: '2000000' },
        { key: 'cs_agent.answer_price_cents', value: '5' },
      ],
    });
  });

  it('tests the connection with what is typed, showing the model and time, or the provider’s reason', async () => {
    const { callsTo } = asSystemAdmin({
      'GET /v1/system-setting': [ok(PROVIDER)],
      'POST /v1/admin/cs-agent/test': [
        ok({ ok: true, model: 'gpt-4o-mini', latency_ms: 412 }),
        fail(502, 'the AI provider did not answer the connection test: HTTP 404: The model `gpt-nope` does not exist'),
      ],
    });
    await renderApp('/admin/settings/cs-agent');
    const model = await screen.findByLabelText('Chat model');
    await waitFor(() => expect(model).toHaveValue('gpt-4o-mini'));
    const user = userEvent.setup();
    await user.click(await findButton('Test connection'));
    const success = await screen.findByText('The AI provider answered');
    expect(
      within(success.closest('.ant-alert') as HTMLElement).getByText('gpt-4o-mini answered in 412 ms.'),
    ).toBeInTheDocument();
    // the masked key stays the saved one
    expect(callsTo('POST', '/v1/admin/cs-agent/test')[0]?.body).toEqual({
      base_url: 'https://llm.example.com/v1',
      api_key: '********',
      model: 'gpt-4o-mini',
    });

    await user.clear(model);
    await user.type(model, 'gpt-nope');
    await user.click(await findButton('Test connection'));
    expect(
      await screen.findByText(
        'the AI provider did not answer the connection test: HTTP 404: The model `gpt-nope` does not exist',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The AI provider could not be reached with these settings')).toBeInTheDocument();
    expect(callsTo('POST', '/v1/admin/cs-agent/test')[1]?.body).toMatchObject({ model: 'gpt-nope' });
    // testing saved nothing
    expect(callsTo('PUT', '/v1/system-setting')).toHaveLength(0);
  });
});
