import type { AdminWorkspace } from '@omnichat/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { asSystemAdmin, findButton, findPanel, paged, uuid } from './admin-test-helpers.ts';

const ORG: AdminWorkspace = {
  id: uuid(20),
  name: 'Acme Ltd',
  avatar: '',
  time_zone: 'Asia/Hong_Kong',
  member_count: 2,
  owner: { id: uuid(21), username: 'amy', display_name: 'Amy Chan', email: 'amy@example.com' },
  created_at: 1_700_000_000,
};
const MEMBERS = [
  { id: uuid(22), role: 'owner', active: true, invited: false, joined_at: 1_700_000_000, user: ORG.owner },
  {
    id: uuid(23),
    role: 'viewer',
    active: false,
    invited: false,
    joined_at: 1_700_000_100,
    user: { id: uuid(24), username: 'vic', display_name: 'Vic Lam', email: 'vic@example.com' },
  },
];
const LIMITS = {
  max_seats: 10,
  member_limit: 5,
  channel_limit: null,
  ai_agent_limit: 2,
  trial_days: 14,
  promote_code: 'SPRING',
};

describe('organizations page', () => {
  it('shows members and saves limits as numbers and nulls', async () => {
    const limitsPath = `/v1/admin/workspace/${ORG.id}/limits`;
    const { callsTo } = asSystemAdmin({
      'GET /v1/admin/workspace': [paged([ORG])],
      [`GET /v1/admin/workspace/${ORG.id}/members`]: [ok(MEMBERS)],
      [`GET ${limitsPath}`]: [ok(LIMITS)],
      [`PUT ${limitsPath}`]: (call) => ok(call.body),
    });
    await renderApp('/admin/workspace');
    expect(await screen.findByText('Acme Ltd')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Details of Acme Ltd'));
    const drawer = await findPanel('Acme Ltd');
    expect(await within(drawer).findByText('Vic Lam')).toBeInTheDocument();
    expect(within(drawer).getByText('Viewer')).toBeInTheDocument();

    await user.click(within(drawer).getByText('Limits'));
    const seats = await within(drawer).findByLabelText('Maximum seats');
    await waitFor(() => expect(seats).toHaveValue('10'));
    await user.clear(seats);
    const channels = within(drawer).getByLabelText('Channel limit');
    await user.type(channels, '3');
    fireEvent.change(within(drawer).getByLabelText('Trial days'), { target: { value: '30' } });
    await user.clear(within(drawer).getByLabelText('Promote code'));
    await user.click(await findButton('Save limits', drawer));
    await waitFor(() => expect(callsTo('PUT', limitsPath)).toHaveLength(1));
    expect(callsTo('PUT', limitsPath)[0]?.body).toEqual({
      max_seats: null,
      member_limit: 5,
      channel_limit: 3,
      ai_agent_limit: 2,
      trial_days: 30,
      promote_code: null,
    });
    expect(await screen.findByText('Save successfully')).toBeInTheDocument();
  });

  it('shows the limits read-only without the write permission', async () => {
    asSystemAdmin(
      {
        'GET /v1/admin/workspace': [paged([ORG])],
        [`GET /v1/admin/workspace/${ORG.id}/members`]: [ok([])],
        [`GET /v1/admin/workspace/${ORG.id}/limits`]: [ok(LIMITS)],
      },
      { admin: { admin: false }, permissions: ['workspace_management_read'] },
    );
    await renderApp('/admin/workspace');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Details of Acme Ltd'));
    const drawer = await findPanel('Acme Ltd');
    expect(await within(drawer).findByText('no data available')).toBeInTheDocument();
    await user.click(within(drawer).getByText('Limits'));
    expect(await within(drawer).findByLabelText('Maximum seats')).toBeDisabled();
    expect(within(drawer).queryByText('Save limits')).not.toBeInTheDocument();
  });
});
