import type { Channel } from '@omnichat/contracts';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES, whatsappChannel } from '../../test/fixtures.ts';

export const AGENTS = '/v1/cs-agents';
export const SALES = whatsappChannel('60000000-0000-4000-8000-000000000001', 'Sales line');
export const WEB: Channel = {
  ...whatsappChannel('60000000-0000-4000-8000-000000000002', 'Website chat'),
  type: 'webchat',
};
export const TEAM = {
  id: '90000000-0000-4000-8000-000000000001',
  name: 'Support',
  description: '',
  permissions: [],
  member_count: 2,
  created_at: 1_700_000_000,
  updated_at: 1_700_000_000,
};

export const paged = (items: unknown[]) => ({
  status: 200,
  body: { success: true, data: items, page: { page: 1, size: 10, total: items.length, total_pages: 1 } },
});

/** An owner signed in to the first organization, with its channels and a team. */
export function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner' }));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/channels': [ok([SALES, WEB])],
    'GET /v1/teams': [paged([TEAM])],
    ...extra,
  });
}

/** The open drawer (antd puts it in a portal). */
export const drawer = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-drawer-section');
    expect(found).not.toBeNull();
    return found!;
  });
