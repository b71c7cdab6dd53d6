import type { CustomerImport } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, type StubCall } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { customer, listCalls, setup, VIP } from './test-support.ts';

describe('customers page', () => {
  it('lists customers paged on the server, searches after a pause and filters by tag', async () => {
    const { calls } = setup();
    await renderApp('/app/relationship/customers');
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    const row = (await screen.findByText('First1 Chan')).closest('tr')!;
    expect(row).toHaveTextContent('+85251234561');
    expect(row).toHaveTextContent('VIP');
    expect(listCalls(calls)[0]?.url).toBe('/v1/customers?tag_mode=any&page=1&size=20');
    expect(screen.getByText('25 in total')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: 'First2' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain('keyword=First2'), { timeout: 2000 });
    await waitFor(() => expect(screen.queryByText('First1 Chan')).not.toBeInTheDocument());

    fireEvent.change(screen.getByLabelText('Search customers'), { target: { value: '' } });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Filter by tags'));
    await user.click(await screen.findByText('VIP (1)'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.url).toContain(`tags=${VIP.id}`), { timeout: 2000 });
  });

  it('checks a new customer with the SPEC 5 messages, then creates it and shows the server field error', async () => {
    const created: StubCall[] = [];
    setup({
      'POST /v1/customers': (call) => {
        created.push(call);
        return created.length === 1
          ? {
              status: 409,
              body: {
                ...fail(409, 'this e-mail address belongs to customer First1 Chan', 't', {
                  email: 'this e-mail address belongs to customer First1 Chan',
                }).body,
                details: { existing: { id: customer(1).id, display_name: 'First1 Chan' } },
              },
            }
          : ok(customer(99, { first_name: 'Amy', display_name: 'Amy Wong' }));
      },
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('first name is required')).toBeInTheDocument();
    expect(within(drawer).getByText('last name is required')).toBeInTheDocument();
    expect(created).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('First name'), { target: { value: 'Amy' } });
    fireEvent.change(within(drawer).getByLabelText('Last name'), { target: { value: 'Wong' } });
    fireEvent.change(within(drawer).getByLabelText('E-mail'), { target: { value: 'c1@example.com' } });
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    // under the field, and as a sentence with a link to the customer who has the address (never a raw id)
    expect(await within(drawer).findAllByText('this e-mail address belongs to customer First1 Chan')).toHaveLength(2);
    expect(within(drawer).getByRole('link', { name: 'Open First1 Chan' })).toHaveAttribute(
      'href',
      `/app/relationship/customers/${customer(1).id}`,
    );
    expect(screen.queryByText(/trace/)).not.toBeInTheDocument();
    expect(created[0]?.body).toMatchObject({ first_name: 'Amy', last_name: 'Wong', email: 'c1@example.com' });

    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
  });

  it('imports a file: previews its columns and problems, then shows the progress and the bad rows', async () => {
    const report: CustomerImport = {
      job_id: '60000000-0000-4000-8000-000000000001',
      file_name: 'people.csv',
      status: 'done',
      total: 3,
      processed: 3,
      created: 2,
      updated: 0,
      skipped: 0,
      errors: [
        { row: 3, level: 'warning', reason: 'Phone "12" was left out: phone number is not valid' },
        { row: 4, level: 'error', reason: 'nothing in this row identifies a customer' },
      ],
      error_count: 1,
      warning_count: 1,
      failure: null,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
    };
    const { calls } = setup({
      'POST /v1/customers/import/preview': [
        ok({
          header: ['Given', 'Family', 'Phone'],
          rows: [['Amy', 'Chan', '51234567']],
          total: 3,
          mapping: ['', '', 'phone'],
          problems: [{ row: 3, level: 'warning', reason: 'Phone "12" was left out: phone number is not valid' }],
        }),
      ],
      'POST /v1/customers/import': [ok({ job_id: report.job_id })],
      [`GET /v1/customers/import/${report.job_id}`]: [ok(report)],
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['Given,Family,Phone\nAmy,Chan,51234567\n'], 'people.csv', { type: 'text/csv' }));
    expect(
      await within(dialog).findByText('Row 3: Phone "12" was left out: phone number is not valid'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Given'));
    await user.click((await screen.findAllByTitle('First name')).at(-1)!);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Import finished')).toBeInTheDocument();
    expect(
      within(dialog).getByText('2 added, 0 updated, 0 unchanged, 1 warnings on imported rows, 1 rows refused'),
    ).toBeInTheDocument();
    const warned = within(dialog).getByRole('cell', { name: 'Phone "12" was left out: phone number is not valid' });
    expect(warned.closest('tr')).toHaveTextContent('Warning');
    const refused = within(dialog).getByRole('cell', { name: 'nothing in this row identifies a customer' });
    expect(refused.closest('tr')).toHaveTextContent('Refused');
    const start = calls.find((c) => c.method === 'POST' && c.url === '/v1/customers/import');
    expect(start).toBeDefined();
  });

  it('lists likely duplicates and merges a pair, keeping the chosen values', async () => {
    const amy = customer(1, { phone: '+85251234567', company: null, email: null });
    const other = customer(2, {
      first_name: 'Amelia',
      display_name: 'Amelia Chan',
      phone: null,
      whatsapp_id: '85251234567',
    });
    const merges: StubCall[] = [];
    setup({
      'GET /v1/customers/duplicates': [
        {
          status: 200,
          body: {
            success: true,
            data: [{ reason: 'phone_whatsapp', customers: [amy, other], group_size: 2 }],
            page: { page: 1, size: 10, total: 1, total_pages: 1 },
          },
        },
      ],
      [`POST /v1/customers/${amy.id}/merge`]: (call) => {
        merges.push(call);
        return ok({ ...amy, first_name: 'Amelia' });
      },
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Duplicates' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Phone matches WhatsApp id')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Merge' }));
    // (antd's ids are all "test-id" under test: the dialog is found by its text)
    await screen.findByText('Which customer stays?');
    const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Which customer stays?'))!;
    await user.click(within(dialog).getByLabelText('First name: Amelia'));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(merges).toHaveLength(1));
    expect(merges[0]?.body).toEqual({
      other_id: other.id,
      // the survivor's empty fields take the other's values; a chosen name overrides
      values: { first_name: 'Amelia', email: 'c2@example.com', company: 'Acme', whatsapp_id: '85251234567' },
    });
    expect(await screen.findByText('Customers merged')).toBeInTheDocument();
  });

  it('adds a tag and a custom field with its options, checked with the contract rules', async () => {
    const created: StubCall[] = [];
    setup({
      'POST /v1/customer-tags': (call) => {
        created.push(call);
        return ok({ id: '40000000-0000-4000-8000-000000000002', name: 'Lead', color: '#52c41a', customer_count: 0 });
      },
      'POST /v1/customer-fields': (call) => {
        created.push(call);
        return ok({
          id: '70000000-0000-4000-8000-000000000001',
          key: 'tier',
          type: 'single_select',
          label: 'Tier',
          labels: {},
          options: ['gold', 'silver'],
          required: true,
          position: 0,
        });
      },
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tags and fields' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('1 customers')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('New tag'), { target: { value: 'x'.repeat(50) } });
    await user.click(within(drawer).getByRole('button', { name: 'Add tag' }));
    expect(await within(drawer).findByText('tag must be less than 50 characters')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('New tag'), { target: { value: 'Lead' } });
    await user.click(within(drawer).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(created[0]?.body).toEqual({ name: 'Lead' }));

    await user.click(within(drawer).getByRole('tab', { name: 'Custom fields' }));
    fireEvent.change(within(drawer).getByLabelText('Label'), { target: { value: 'Tier' } });
    fireEvent.change(within(drawer).getByLabelText('Key'), { target: { value: 'Tier Level' } });
    await user.click(within(drawer).getByRole('button', { name: 'Add field' }));
    expect(await within(drawer).findByText(/^key must start with a small letter/)).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('Key'), { target: { value: 'tier' } });
    await user.click(within(drawer).getByLabelText('Type'));
    await user.click(await screen.findByTitle('One of a list'));
    const options = within(drawer).getByLabelText('Options');
    await user.type(options, 'gold{Enter}silver{Enter}');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(drawer).getByRole('button', { name: 'Add field' }));
    await waitFor(() =>
      expect(created[1]?.body).toEqual({
        key: 'tier',
        type: 'single_select',
        label: 'Tier',
        options: ['gold', 'silver'],
        required: true,
      }),
    );
  });

  it('filters by a custom field, sending the chosen values to the server', async () => {
    const tier = {
      id: '70000000-0000-4000-8000-000000000001',
      key: 'tier',
      type: 'single_select',
      label: 'Tier',
      labels: {},
      options: ['gold', 'silver'],
      required: false,
      position: 0,
    };
    const { calls } = setup({ 'GET /v1/customer-fields': [ok([tier])] });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Field filters' }));
    await user.click(await screen.findByLabelText('Tier'));
    await user.click(await screen.findByTitle('gold'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.url).toContain(
        `custom_fields=${encodeURIComponent(JSON.stringify({ tier: ['gold'] }))}`,
      ),
    );
  });
});
