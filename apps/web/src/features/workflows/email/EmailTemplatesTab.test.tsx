import type { EmailTemplate } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../../app/storage.ts';
import { ok, stubFetch } from '../../../test/fetch-stub.ts';
import { customerFixture, memberOf, PUBLIC_SETTINGS, WORKSPACES } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { EmailTemplatesTab } from './EmailTemplatesTab.tsx';

const TEMPLATES = '/v1/email-templates';
const WELCOME: EmailTemplate = {
  id: '70000000-0000-4000-8000-000000000001',
  name: 'Welcome',
  subject: 'Hello {{customer.first_name}}',
  body_html: '<p>Dear {{customer.first_name}}</p>',
  recipients: ['{{customer.email}}'],
  attachments: [
    { id: '71000000-0000-4000-8000-000000000001', name: 'terms.pdf', size: 2048, content_type: 'application/pdf' },
  ],
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};
const AMY = customerFixture({
  id: '72000000-0000-4000-8000-000000000001',
  display_name: 'Amy Chan',
  email: 'amy@example.com',
});

const paged = (items: unknown[]) => ({
  status: 200,
  body: { success: true, data: items, page: { page: 1, size: 10, total: items.length, total_pages: 1 } },
});

function setup(role: 'owner' | 'member', extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  const permissions = role === 'member' ? ['workflow_read'] : [];
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role }, permissions));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions })],
    ...extra,
  });
}

const drawer = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-drawer-section');
    expect(found).not.toBeNull();
    return found!;
  });

describe('e-mail templates tab', () => {
  it('shows an empty state with a call to create, and lists templates with their recipients and attachments', async () => {
    setup('owner', { [`GET ${TEMPLATES}`]: [paged([])] });
    const first = renderWithProviders(<EmailTemplatesTab />);
    expect(await screen.findByText('No e-mail template yet')).toBeInTheDocument();
    expect(screen.getByText('New e-mail template')).toBeInTheDocument();
    first.unmount();

    setup('owner', { [`GET ${TEMPLATES}`]: [paged([WELCOME])] });
    renderWithProviders(<EmailTemplatesTab />);
    const row = (await screen.findByText('Welcome')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Hello {{customer.first_name}}')).toBeInTheDocument();
    expect(within(row).getByText('1 recipient · 1 attachment')).toBeInTheDocument();
    expect(within(row).getByLabelText('Delete Welcome')).toBeInTheDocument();
  });

  it('hides creating and deleting from a member who may only read workflows', async () => {
    setup('member', { [`GET ${TEMPLATES}`]: [paged([WELCOME])] });
    renderWithProviders(<EmailTemplatesTab />);
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(screen.queryByLabelText('Delete Welcome')).not.toBeInTheDocument();
    expect(screen.queryByText('New e-mail template')).not.toBeInTheDocument();
  });

  it('creates a template with a variable in the subject and body, an uploaded attachment, then previews it', async () => {
    const uploaded = {
      id: '71000000-0000-4000-8000-000000000002',
      name: 'menu.pdf',
      size: 10,
      content_type: 'application/pdf',
    };
    const created = { ...WELCOME, id: '70000000-0000-4000-8000-000000000002', attachments: [uploaded] };
    const { callsTo } = setup('owner', {
      [`GET ${TEMPLATES}`]: [paged([])],
      [`POST ${TEMPLATES}/attachments`]: [ok(uploaded)],
      [`POST ${TEMPLATES}`]: [ok(created)],
      'GET /v1/customers': [paged([AMY])],
      [`POST ${TEMPLATES}/${created.id}/preview`]: [
        ok({
          subject: 'Hello Amy',
          html: '<p>Dear Amy</p>',
          to: ['amy@example.com'],
          missing_variables: ['message.text'],
        }),
      ],
    });
    renderWithProviders(<EmailTemplatesTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByText('New e-mail template'));
    const panel = await drawer();
    expect(within(panel).getByText('Save the template to preview it.')).toBeInTheDocument();
    fireEvent.change(within(panel).getByLabelText('Name'), { target: { value: 'Welcome' } });
    fireEvent.change(within(panel).getByLabelText('Subject'), { target: { value: 'Hello ' } });
    await user.click(within(panel).getByLabelText('Insert variable into the Subject'));
    await user.click(await screen.findByText('First name · {{customer.first_name}}'));
    const body = within(panel).getByLabelText('E-mail body');
    body.innerHTML = '<p>Dear <b>you</b></p>';
    fireEvent.input(body);
    await user.upload(
      within(panel).getByLabelText('Attach a file'),
      new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }),
    );
    expect(await within(panel).findByText('menu.pdf')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo('POST', TEMPLATES)).toHaveLength(1));
    expect(callsTo('POST', TEMPLATES)[0]?.body).toEqual({
      name: 'Welcome',
      subject: 'Hello {{customer.first_name}}',
      recipients: ['{{customer.email}}'],
      body_html: '<p>Dear <b>you</b></p>',
      attachment_ids: [uploaded.id],
    });

    // saved: the drawer stays open on it, and the preview is there
    expect(await within(panel).findByText('Edit e-mail template')).toBeInTheDocument();
    fireEvent.mouseDown(within(panel).getByLabelText('Customer'));
    fireEvent.click(await screen.findByText('Amy Chan · amy@example.com'));
    await user.click(within(panel).getByRole('button', { name: 'Show preview' }));
    await waitFor(() => expect(callsTo('POST', `${TEMPLATES}/${created.id}/preview`)).toHaveLength(1));
    expect(callsTo('POST', `${TEMPLATES}/${created.id}/preview`)[0]?.body).toEqual({ customer_id: AMY.id });
    expect(await within(panel).findByText('Hello Amy')).toBeInTheDocument();
    expect(within(panel).getByText('amy@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('Empty for this customer: message.text')).toBeInTheDocument();
    const frame = within(panel).getByTitle('E-mail preview');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Dear Amy</p>');
    expect(frame.getAttribute('sandbox')).toBe('');
  });

  it('inserts a variable into the body and removes an attachment before saving an existing template', async () => {
    const { callsTo } = setup('owner', {
      [`GET ${TEMPLATES}`]: [paged([WELCOME])],
      [`PUT ${TEMPLATES}/${WELCOME.id}`]: [ok({ ...WELCOME, attachments: [] })],
    });
    renderWithProviders(<EmailTemplatesTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Edit Welcome'));
    const panel = await drawer();
    await waitFor(() => expect(within(panel).getByLabelText('E-mail body').innerHTML).toBe(WELCOME.body_html));
    await user.click(within(panel).getByLabelText('Insert variable into the Body'));
    await user.click(await screen.findByText('Message text · {{message.text}}'));
    await user.click(within(panel).getByLabelText('Remove terms.pdf'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT', `${TEMPLATES}/${WELCOME.id}`)).toHaveLength(1));
    const sent = callsTo('PUT', `${TEMPLATES}/${WELCOME.id}`)[0]?.body as {
      body_html: string;
      attachment_ids: string[];
    };
    expect(sent.body_html).toContain('{{message.text}}');
    expect(sent.body_html).toContain('Dear {{customer.first_name}}');
    expect(sent.attachment_ids).toEqual([]);
  });

  it('deletes a template after confirmation', async () => {
    const { callsTo } = setup('owner', {
      [`GET ${TEMPLATES}`]: [paged([WELCOME]), paged([])],
      [`DELETE ${TEMPLATES}/${WELCOME.id}`]: [ok({ message: 'Delete successfully' })],
    });
    renderWithProviders(<EmailTemplatesTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Delete Welcome'));
    expect(
      await screen.findByText('Delete the e-mail template Welcome? Workflows that send it will fail at that step.'),
    ).toBeInTheDocument();
    expect(callsTo('DELETE', `${TEMPLATES}/${WELCOME.id}`)).toHaveLength(0);
    const dialog = document.querySelector<HTMLElement>('.ant-modal')!;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', `${TEMPLATES}/${WELCOME.id}`)).toHaveLength(1));
  });
});
