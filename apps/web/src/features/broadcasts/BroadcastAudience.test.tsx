import type { CustomerField, CustomerImport } from '@omnichat/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket.ts';
import { ok } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { broadcast, choose, LIST, PAGE, paged, SPRING, setup } from './test-support.ts';

const TIER: CustomerField = {
  id: '90000000-0000-4000-8000-000000000001',
  key: 'tier',
  type: 'single_select',
  label: 'Tier',
  labels: {},
  options: ['Gold', 'Silver'],
  required: false,
  position: 0,
};
const JOB = '60000000-0000-4000-8000-000000000001';
const report = (extra: Partial<CustomerImport>): CustomerImport => ({
  job_id: JOB,
  file_name: 'numbers.csv',
  status: 'running',
  total: 3,
  processed: 1,
  created: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  error_count: 0,
  warning_count: 0,
  failure: null,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
  ...extra,
});
const DONE_REPORT = report({
  status: 'done',
  processed: 3,
  created: 1,
  updated: 1,
  errors: [{ row: 4, level: 'error', reason: 'phone number is not valid' }],
  error_count: 1,
});

describe('broadcast audience and results', () => {
  it('sends to customers of a custom field value and of an uploaded list, shown with its refused rows', async () => {
    const created = broadcast(9, 'Gold list');
    const { callsTo, fetchMock } = setup({
      'GET /v1/customer-fields': [ok([TIER])],
      'POST /v1/customers/import': [ok({ job_id: JOB })],
      [`GET /v1/customers/import/${JOB}`]: [ok(report({})), ok(DONE_REPORT)],
      [`POST ${LIST}`]: [ok(created)],
      [`GET ${LIST}/${created.id}`]: [ok(created)],
      [`GET ${LIST}/${created.id}/jobs`]: [paged([])],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New broadcast' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Gold list' } });
    await choose('Template', 'order_ready · en_US');
    await choose('Add a custom field', 'Tier');
    await choose('Values of Tier', 'Gold');

    const input = drawer.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['phone\n85290000001\n85290000002\nabc\n'], 'numbers.csv', { type: 'text/csv' }));
    const list = await within(drawer).findByRole('region', { name: 'numbers.csv' });
    expect(await within(list).findByText('Reading 1 of 3 rows…')).toBeInTheDocument();
    // the broadcast waits for the list
    expect(screen.getByRole('button', { name: 'Create broadcast' })).toBeDisabled();

    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    act(() =>
      socket.receive({ action: 'customer_import.progress', success: true, data: { ...DONE_REPORT, errors: [] } }),
    );
    expect(await within(list).findByText('1 added, 1 matched, 1 refused')).toBeInTheDocument();
    const refused = await within(list).findByRole('cell', { name: 'phone number is not valid' });
    expect(refused.closest('tr')).toHaveTextContent('4');
    expect(refused.closest('tr')).toHaveTextContent('Refused');

    const start = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/v1/customers/import'));
    const form = start?.[1]?.body as FormData;
    expect(JSON.parse(String(form.get('options')))).toEqual({ match_by: ['phone'], on_match: 'fill_empty' });
    expect((form.get('file') as File).name).toBe('numbers.csv');

    await user.click(screen.getByRole('button', { name: 'Create broadcast' }));
    await waitFor(() => expect(callsTo('POST', LIST)).toHaveLength(1));
    expect(callsTo('POST', LIST)[0]?.body).toMatchObject({
      name: 'Gold list',
      audience: { custom_fields: { tier: ['Gold'] }, import_ids: [JOB] },
    });
    expect(callsTo('POST', LIST)[0]?.body).toHaveProperty('audience', {
      custom_fields: { tier: ['Gold'] },
      import_ids: [JOB],
    });
  });

  it('removes an uploaded list from the audience', async () => {
    setup({
      'POST /v1/customers/import': [ok({ job_id: JOB })],
      [`GET /v1/customers/import/${JOB}`]: [ok(DONE_REPORT)],
    });
    await renderApp(PAGE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New broadcast' }));
    const drawer = await screen.findByRole('dialog');
    const input = drawer.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['phone\n85290000001\n'], 'numbers.csv', { type: 'text/csv' }));
    expect(await within(drawer).findByText('1 added, 1 matched, 1 refused')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Remove numbers.csv' }));
    await waitFor(() => expect(within(drawer).queryByRole('region', { name: 'numbers.csv' })).toBeNull());
  });

  it.each([
    ['CSV (.csv)', 'csv'],
    ['Excel (.xlsx)', 'xlsx'],
  ])('exports the results as %s', async (choice, format) => {
    const { callsTo } = setup({
      [`GET ${LIST}/${SPRING.id}`]: [ok(SPRING)],
      [`GET ${LIST}/${SPRING.id}/jobs`]: [paged([])],
      [`GET ${LIST}/${SPRING.id}/export`]: [{ status: 200, body: 'phone,status\n' }],
    });
    // jsdom has no object URLs: the download makes one of the file and lets it go after
    const objectUrls = { createObjectURL: vi.fn(() => 'blob:results'), revokeObjectURL: vi.fn() };
    Object.assign(URL, objectUrls);
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderApp(`${PAGE}/${SPRING.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export results' }));
    await user.click(await screen.findByText(choice));
    await waitFor(() => expect(callsTo('GET', `${LIST}/${SPRING.id}/export`)).toHaveLength(1));
    expect(callsTo('GET', `${LIST}/${SPRING.id}/export`)[0]?.url).toBe(`${LIST}/${SPRING.id}/export?format=${format}`);
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toMatch(new RegExp(`\\.${format}$`));
    await waitFor(() => expect(objectUrls.revokeObjectURL).toHaveBeenCalledWith('blob:results'));
    saved.mockRestore();
    for (const name of Object.keys(objectUrls)) Reflect.deleteProperty(URL, name);
  });
});
