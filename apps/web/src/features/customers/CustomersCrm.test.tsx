import type { CustomerImportListItem } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, type StubCall } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { customer, PEOPLE, setup, VIP } from './test-support.ts';

const LEAD = { id: '40000000-0000-4000-8000-000000000009', name: 'Lead', color: '#52c41a', customer_count: 0 };

describe('customer form', () => {
  it('starts empty each time it opens for a new customer: cancelled input does not come back', async () => {
    setup();
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    let drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('First name'), { target: { value: 'Typed' } });
    fireEvent.change(within(drawer).getByLabelText('E-mail'), { target: { value: 'typed@example.com' } });
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add customer' }));
    drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('First name')).toHaveValue('');
    expect(within(drawer).getByLabelText('E-mail')).toHaveValue('');
  });

  it('sends the marketing opt-out set in the form', async () => {
    const created: StubCall[] = [];
    setup({
      'POST /v1/customers': (call) => {
        created.push(call);
        return ok(customer(99, { marketing_opt_out: true, marketing_opt_out_at: 1_700_000_000 }));
      },
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('First name'), { target: { value: 'Amy' } });
    fireEvent.change(within(drawer).getByLabelText('Last name'), { target: { value: 'Wong' } });
    const optOut = within(drawer).getByRole('switch', { name: 'Opted out of marketing' });
    expect(optOut).not.toBeChecked();
    await user.click(optOut);
    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]?.body).toMatchObject({ first_name: 'Amy', marketing_opt_out: true });
  });

  it('creates a tag typed in the tag picker and picks it, then sends it with the customer', async () => {
    const tagsCreated: StubCall[] = [];
    const customers: StubCall[] = [];
    setup({
      'GET /v1/customer-tags': () => ok([{ ...VIP, customer_count: 1 }, ...(tagsCreated.length ? [LEAD] : [])]),
      'POST /v1/customer-tags': (call) => {
        tagsCreated.push(call);
        return ok(LEAD);
      },
      'POST /v1/customers': (call) => {
        customers.push(call);
        return ok(customer(77, { first_name: 'Amy', last_name: 'Wong', tags: [LEAD] }));
      },
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('First name'), { target: { value: 'Amy' } });
    fireEvent.change(within(drawer).getByLabelText('Last name'), { target: { value: 'Wong' } });
    const tags = within(drawer).getByLabelText('Tags');
    await user.click(tags);
    await user.type(tags, 'Lead');
    await user.click(await screen.findByTitle('Create tag “Lead”'));
    await waitFor(() => expect(tagsCreated).toHaveLength(1));
    expect(tagsCreated[0]?.body).toEqual({ name: 'Lead' });
    // the new tag is picked in the field
    await waitFor(() => expect(drawer.querySelector('.ant-select-selection-item')).toHaveTextContent('Lead'));

    await user.click(within(drawer).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(customers).toHaveLength(1));
    expect(customers[0]?.body).toMatchObject({ first_name: 'Amy', last_name: 'Wong', tag_ids: [LEAD.id] });
  });
});

describe('past imports', () => {
  it('lists past imports with who, when, the file and counts, and downloads a report', async () => {
    const item: CustomerImportListItem = {
      job_id: '60000000-0000-4000-8000-000000000002',
      file_name: 'contacts-2024.csv',
      status: 'done',
      total: 2000,
      processed: 2000,
      created: 1990,
      updated: 0,
      skipped: 3,
      errors: [],
      error_count: 7,
      warning_count: 757,
      failure: null,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_100,
      user_name: 'Ada Lovelace',
    };
    const { callsTo } = setup({
      'GET /v1/customers/imports': () => ({
        status: 200,
        body: { success: true, data: [item], page: { page: 1, size: 10, total: 1, total_pages: 1 } },
      }),
      [`GET /v1/customers/import/${item.job_id}/errors`]: [{ status: 200, body: 'row,level,reason\n' }],
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Past imports' }));
    const drawer = await screen.findByRole('dialog');
    const row = (await within(drawer).findByText('contacts-2024.csv')).closest('tr')!;
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Finished');
    expect(row).toHaveTextContent('1990 added, 0 updated, 3 unchanged, 757 warnings on imported rows, 7 rows refused');
    expect(callsTo('GET', '/v1/customers/imports')[0]?.url).toBe('/v1/customers/imports?page=1&size=10');
    await user.click(within(row).getByRole('button', { name: 'Download the report' }));
    await waitFor(() => expect(callsTo('GET', `/v1/customers/import/${item.job_id}/errors`)).toHaveLength(1));
  });
});

describe('duplicates and merging', () => {
  it('says why each pair is suggested, including customers of the same name at any company', async () => {
    const mei = [1, 2].map((index) =>
      customer(index, { display_name: 'Mei Ling Chan', company: index === 1 ? 'Acme' : 'Globex' }),
    );
    setup({
      'GET /v1/customers/duplicates': [
        {
          status: 200,
          body: {
            success: true,
            data: [{ reason: 'same_name', customers: mei, group_size: 7 }],
            page: { page: 1, size: 10, total: 6, total_pages: 1 },
          },
        },
      ],
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Duplicates' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Same name')).toBeInTheDocument();
    expect(
      within(drawer).getByText(
        '7 customers are named Mei Ling Chan (ignoring case, spaces and accents), at any company.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByText(/when names are alike at the same company/)).toBeInTheDocument();
  });

  it('merges three selected customers from the list into the one chosen to stay, in one request', async () => {
    const merges: StubCall[] = [];
    const [first, second, third] = PEOPLE;
    setup({
      [`POST /v1/customers/${second!.id}/merge`]: (call) => {
        merges.push(call);
        return ok(second);
      },
    });
    await renderApp('/app/relationship/customers');
    const user = userEvent.setup();
    await screen.findByText('First1 Chan');
    for (const person of [first!, second!, third!]) {
      const row = screen.getByText(person.display_name).closest('tr')!;
      await user.click(within(row).getByRole('checkbox'));
    }
    await user.click(await screen.findByRole('button', { name: 'Merge 3 customers' }));
    await screen.findByText('Which customer stays?');
    const dialog = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Which customer stays?'))!;
    await user.click(within(dialog).getByRole('radio', { name: /^First2 Chan/ }));
    expect(within(dialog).getByText(/The 2 others are merged into First2 Chan/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(merges).toHaveLength(1));
    expect(merges[0]?.body).toMatchObject({ other_ids: [first!.id, third!.id] });
    expect(await screen.findByText('Customers merged')).toBeInTheDocument();
  });
});
