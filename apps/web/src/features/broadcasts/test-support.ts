import type { Broadcast, BroadcastProgress, BroadcastRecipient } from '@omnichat/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import {
  approvedTemplate,
  memberOf,
  PUBLIC_SETTINGS,
  subscriptionFixture,
  WORKSPACES,
  whatsappChannel,
} from '../../test/fixtures.ts';

/** The broadcasts pages' test data and fetch stubs, shared by their test files. */
export const PAGE = '/app/chat/whatsapp-broadcast';
export const LIST = '/v1/broadcasts';
export const id = (n: number) => `80000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const SALES = whatsappChannel();

export const TEMPLATE = approvedTemplate({
  name: 'order_ready',
  category: 'marketing',
  body: 'Hello {{1}}, your order {{2}} is ready',
  parameters: [
    { key: '1', value: 'Ann' },
    { key: '2', value: 'A-1' },
  ],
});
export const VIP = { id: '40000000-0000-4000-8000-000000000001', name: 'VIP', color: '#1677ff', customer_count: 50 };

export const progress = (extra: Partial<BroadcastProgress> = {}): BroadcastProgress => ({
  total: 50,
  pending: 50,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  skipped: 0,
  unknown: 0,
  cancelled: 0,
  ...extra,
});
export const broadcast = (n: number, name: string, extra: Partial<Broadcast> = {}): Broadcast => ({
  id: id(n),
  name,
  channel_id: SALES.id,
  template_id: TEMPLATE.id,
  template_name: 'order_ready',
  template_language: 'en_US',
  template_category: 'marketing',
  parameters: [],
  audience: {},
  status: 'sending',
  status_reason: null,
  // 2026-03-01 00:00 UTC: 08:00 in Hong Kong
  send_at: 1_772_323_200,
  started_at: null,
  completed_at: null,
  estimated_cost_cents: 1234,
  progress: progress(),
  created_at: 1_772_323_200,
  updated_at: 1_772_323_200,
  ...extra,
});
export const SPRING = broadcast(1, 'Spring sale', { status: 'sending', progress: progress({ pending: 30, sent: 20 }) });
export const LATER = broadcast(2, 'Summer sale', { status: 'scheduled' });
export const DONE = broadcast(3, 'Winter sale', { status: 'completed', progress: progress({ pending: 0, read: 50 }) });

export const recipient = (n: number, extra: Partial<BroadcastRecipient> = {}): BroadcastRecipient => ({
  id: id(100 + n),
  customer_id: id(200 + n),
  phone: `+8529000000${n}`,
  status: 'pending',
  external_id: null,
  error_code: null,
  error_title: null,
  skip_reason: null,
  price_cents: 25,
  sent_at: null,
  replied_at: null,
  updated_at: 1_772_323_200,
  ...extra,
});

export const paged = <T>(items: T[]) => ({
  status: 200,
  body: { success: true, data: items, page: { page: 1, size: 10, total: items.length, total_pages: 1 } },
});

export function setup(extra: Parameters<typeof stubFetch>[0] = {}, zone = 'UTC') {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACES[0]!, role: 'owner', time_zone: zone }));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/channels': [ok([SALES])],
    'GET /v1/whatsapp-templates': [paged([TEMPLATE])],
    'GET /v1/customer-tags': [ok([VIP])],
    'GET /v1/customer-fields': [ok([])],
    [`GET ${LIST}`]: [paged([SPRING, LATER, DONE])],
    ...extra,
  });
}

/** Opens an antd select by its label and picks the option with that title. */
export async function choose(label: string, title: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (item) => item.getAttribute('title') === title,
    );
    expect(found).toBeDefined();
    return found!;
  });
  fireEvent.click(option);
}
