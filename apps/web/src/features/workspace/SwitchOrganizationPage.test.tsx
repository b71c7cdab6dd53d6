import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, session, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('switch organization page', () => {
  it('marks the current organization and switches to another one', async () => {
    writeString(STORAGE_KEYS.token, 'first-token');
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
    const { callsTo } = stubFetch({
      'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
      'GET /v1/self/workspaces': [ok(WORKSPACES)],
      'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
      'GET /v1/subscription/current': [ok(subscriptionFixture())],
      // The layout refreshes the current membership on arrival, then the switch binds the second organization.
      'POST /v1/auth/refresh-token': [
        ok({ workspace: memberOf(WORKSPACES[0]!, []), token: 'first-token' }),
        ok({ workspace: memberOf(WORKSPACES[1]!, []), token: 'second-token' }),
      ],
    });
    const { router } = await renderApp('/app/organization');
    await waitFor(() => expect(callsTo('POST', '/v1/auth/refresh-token')).toHaveLength(1));
    expect(callsTo('POST', '/v1/auth/refresh-token')[0]?.body).toEqual({
      token: 'first-token',
      workspace_id: WORKSPACES[0]!.id,
    });
    const list = await screen.findByRole('list', { name: 'Switch organization' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(within(items[0]!).getByText('current')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Member')).toBeInTheDocument();

    await userEvent.setup().click(within(items[1]!).getByRole('button', { name: 'Switch Second Org' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(callsTo('POST', '/v1/auth/refresh-token')[1]?.body).toEqual({
      token: 'first-token',
      workspace_id: WORKSPACES[1]!.id,
    });
    expect(session.token()).toBe('second-token');
    expect(session.workspaceId()).toBe(WORKSPACES[1]!.id);
    expect(localStorage.getItem(STORAGE_KEYS.role)).toBe('member');
    const sidebar = screen.getByRole('navigation', { name: 'sidebar' });
    expect(await within(sidebar).findByText('Second Org')).toBeInTheDocument();
  });
});
