import type { Customer } from '@omnichat/contracts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { ok, type StubCall, stubFetch } from '../../test/fetch-stub.ts';
import { customerFixture, memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';

/** The customers pages' test data and fetch stubs, shared by their test files. */
export const OWNER = WORKSPACES[0]!;
export const VIP = { id: '40000000-0000-4000-8000-000000000001', name: 'VIP', color: '#1677ff' };

export function customer(index: number, extra: Partial<Customer> = {}): Customer {
  return customerFixture({
    id: `50000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`,
    first_name: `First${index}`,
    display_name: `First${index} Chan`,
    company: 'Acme',
    email: `c${index}@example.com`,
    phone: `+8525123456${index % 10}`,
    country: 'HK',
    ...extra,
  });
}

export const PEOPLE = [customer(1, { tags: [VIP] }), ...Array.from({ length: 24 }, (_, i) => customer(i + 2))];

export function customerList(call: StubCall) {
  const query = new URL(call.url, 'http://localhost').searchParams;
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const keyword = query.get('keyword') ?? '';
  const tag = query.get('tags');
  const found = PEOPLE.filter((c) => c.display_name.includes(keyword) && (!tag || c.tags.some((t) => t.id === tag)));
  return {
    status: 200,
    body: {
      success: true,
      data: found.slice((page - 1) * size, page * size),
      page: { page, size, total: found.length, total_pages: Math.ceil(found.length / size) },
    },
  };
}

export function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf(OWNER));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    'GET /v1/customers': customerList,
    'GET /v1/customer-tags': [ok([{ ...VIP, customer_count: 1 }])],
    'GET /v1/customer-fields': [ok([])],
    'GET /v1/customers/imports': [ok([])],
    ...extra,
  });
}

export const listCalls = (calls: StubCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/v1/customers');
