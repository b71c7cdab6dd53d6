import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n/index.ts';
import { STORAGE_KEYS, storeWorkspaceMember, writeString } from '../../app/storage.ts';
import { fail, ok, type StubCall, stubFetch } from '../../test/fetch-stub.ts';
import { memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { asSystemAdmin, paged, uuid } from '../admin/admin-test-helpers.ts';
import type { AuditLogEntry } from './audit-api.ts';
import { actionLabelKey, changeLines, KNOWN_ACTIONS, TARGET_TYPES, targetTypeLabelKey } from './audit-api.ts';
import { auditLogEn } from './i18n/en.ts';
import { auditLogZhCn } from './i18n/zh-cn.ts';
import { auditLogZhHk } from './i18n/zh-hk.ts';

const WORKSPACE = WORKSPACES[0]!;

const entry = (n: number, fields: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: uuid(100 + n),
  workspace_id: WORKSPACE.id,
  actor_type: 'user',
  actor_id: uuid(200 + n),
  actor_name: 'amy',
  action: 'member.role',
  target_type: 'member',
  target_id: uuid(300 + n),
  target_name: 'Ben Wong',
  workspace_name: WORKSPACE.name,
  before: null,
  after: null,
  ip: '10.0.0.1',
  created_at: 1_700_000_000 + n,
  ...fields,
});

const ROLE_CHANGE = entry(1, {
  action: 'member.role',
  before: { role: 'member', active: true, user: 'ben' },
  after: { role: 'admin', active: true },
});
const TEAM_CREATE = entry(2, {
  action: 'team.create',
  target_type: 'team',
  target_name: 'Support',
  after: { name: 'Support' },
});
/** an entry older than names, of an action and target the app does not know */
const ODD = entry(3, {
  action: 'custom.thing',
  target_type: 'gadget',
  target_name: null,
  before: ['a'],
  after: ['a', 'b'],
  actor_type: 'system',
  actor_name: '',
});

type Routes = Parameters<typeof stubFetch>[0];

function asOrganization(role: 'owner' | 'member', routes: Routes = {}) {
  writeString(STORAGE_KEYS.token, 'ws-token');
  writeString(STORAGE_KEYS.loginType, 'system_user');
  storeWorkspaceMember(memberOf({ ...WORKSPACE, role }, []));
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
    'GET /v1/subscription/current': [ok(subscriptionFixture())],
    ...routes,
  });
}

/** Answers like the server: filtered by `action`, data is the entries, paging in the envelope. */
const auditList =
  (all: AuditLogEntry[]) =>
  (call: StubCall): ReturnType<typeof paged> => {
    const action = new URL(call.url, 'http://localhost').searchParams.get('action');
    return paged(action ? all.filter((e) => e.action === action) : all);
  };

describe('organization audit log', () => {
  it('lists entries with readable actions, the actor and the before → after changes', async () => {
    asOrganization('owner', { 'GET /v1/workspace/audit-logs': auditList([ROLE_CHANGE, TEAM_CREATE, ODD]) });
    await renderApp('/app/organization/audit-log');
    expect(await screen.findByText('Member role changed')).toBeInTheDocument();
    expect(screen.getByText('Team created')).toBeInTheDocument();
    expect(screen.getByText('custom.thing')).toBeInTheDocument();
    expect(screen.getAllByText('amy')).toHaveLength(2);
    expect(screen.getAllByText('User')).toHaveLength(2);
    expect(screen.getAllByText('System').length).toBeGreaterThan(0);
    expect(screen.getAllByText('10.0.0.1')).toHaveLength(3);
    expect(screen.queryByText('Organization', { selector: 'th' })).not.toBeInTheDocument();
    // targets by name (the id on hover) and type; an entry older than names says so, never shows a raw id
    expect(screen.getByText('Ben Wong')).toHaveAttribute('title', ROLE_CHANGE.target_id);
    expect(screen.getByText('Support', { selector: 'td *' })).toHaveAttribute('title', TEAM_CREATE.target_id);
    expect(screen.getByText('Member', { selector: 'td *' })).toBeInTheDocument();
    expect(screen.getByText('Team', { selector: 'td *' })).toBeInTheDocument();
    expect(screen.getByText('Name not recorded')).toHaveAttribute('title', ODD.target_id);
    expect(screen.queryByText(ODD.target_id!)).not.toBeInTheDocument();
    expect(screen.getByText('gadget')).toBeInTheDocument();
    expect(screen.queryByText(ROLE_CHANGE.target_id!)).not.toBeInTheDocument();

    const user = userEvent.setup();
    const [roleToggle, teamToggle, oddToggle] = screen.getAllByText('Show changes');
    await user.click(roleToggle!);
    const roleChanges = screen.getByLabelText('Changes');
    expect(roleChanges).toHaveTextContent('Role: Member → Admin');
    expect(roleChanges).not.toHaveTextContent('active');
    expect(roleChanges).not.toHaveTextContent('ben');
    expect(screen.getByText('Hide changes')).toBeInTheDocument();

    await user.click(teamToggle!);
    expect(screen.getByText((_, el) => el?.tagName === 'LI' && el.textContent === 'Name: — → Support')).toBeVisible();

    await user.click(oddToggle!);
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(
      screen.getByText((_, el) => el?.tagName === 'PRE' && el.textContent === JSON.stringify(['a', 'b'], null, 2)),
    ).toBeInTheDocument();
  });

  it('sends the chosen action to the server', async () => {
    const { calls } = asOrganization('owner', {
      'GET /v1/workspace/audit-logs': auditList([ROLE_CHANGE, TEAM_CREATE]),
    });
    await renderApp('/app/organization/audit-log');
    expect(await screen.findByText('Member role changed')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/v1/workspace/audit-logs'))?.url).toBe(
      '/v1/workspace/audit-logs?page=1&size=10',
    );
    fireEvent.mouseDown(screen.getByLabelText('Filter by action'));
    const user = userEvent.setup();
    await user.click(await screen.findByText('Team created', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/v1/workspace/audit-logs')).at(-1)?.url).toBe(
        '/v1/workspace/audit-logs?page=1&size=10&action=team.create',
      ),
    );
    await waitFor(() =>
      expect(screen.queryByText('Member role changed', { selector: 'td *' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Team created', { selector: 'td *' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    asOrganization('owner', { 'GET /v1/workspace/audit-logs': [paged([])] });
    await renderApp('/app/organization/audit-log');
    expect(await screen.findByText('no data available')).toBeInTheDocument();
  });

  it('shows an error with a retry when the log cannot be loaded', async () => {
    asOrganization('owner', { 'GET /v1/workspace/audit-logs': [fail(500, 'server error')] });
    await renderApp('/app/organization/audit-log');
    expect(await screen.findByText('The list could not be loaded.')).toBeInTheDocument();
  });

  it('is in the Organization group for owners and hidden (and gated) for members', async () => {
    asOrganization('owner', { 'GET /v1/workspace/audit-logs': [paged([])] });
    const first = await renderApp('/app/dashboard');
    const sidebar = await screen.findByLabelText('sidebar');
    expect(await within(sidebar).findByText('Audit log')).toBeInTheDocument();
    expect(within(sidebar).getByText('Audit log').closest('a')).toHaveAttribute('href', '/app/organization/audit-log');
    first.unmount();

    const { callsTo } = asOrganization('member');
    await renderApp('/app/organization/audit-log');
    const memberSidebar = await screen.findByLabelText('sidebar');
    expect(within(memberSidebar).queryByText('Members')).not.toBeInTheDocument();
    expect(within(memberSidebar).queryByText('Audit log')).not.toBeInTheDocument();
    expect(callsTo('GET', '/v1/workspace/audit-logs')).toHaveLength(0);
  });
});

describe('the audit log in Traditional Chinese', () => {
  it('shows names, target types, actions and changes in Chinese, never ids or English', async () => {
    const created = entry(5, {
      action: 'workspace.create',
      target_type: 'workspace',
      target_id: WORKSPACE.id,
      target_name: '第一組織',
      after: { name: '第一組織' },
    });
    const permissions = entry(6, {
      action: 'member.permission.update',
      before: { permissions: ['conversation_read'] },
      after: { permissions: ['conversation_read', 'customer_read'] },
    });
    asOrganization('owner', { 'GET /v1/workspace/audit-logs': auditList([ROLE_CHANGE, permissions, created]) });
    await i18n.changeLanguage('zh-hk');
    await renderApp('/app/organization/audit-log');
    expect(await screen.findByText('已更改成員角色')).toBeInTheDocument();
    expect(screen.getByText('已更改成員權限')).toBeInTheDocument();
    expect(screen.getByText('已建立組織')).toBeInTheDocument();
    const [first] = screen.getAllByText('Ben Wong');
    expect(first).toHaveAttribute('title', ROLE_CHANGE.target_id);
    expect(screen.getAllByText('成員', { selector: 'td *' })).toHaveLength(2);
    expect(screen.getByText('組織', { selector: 'td *' })).toBeInTheDocument();
    expect(screen.getByText('第一組織', { selector: 'td *' })).toHaveAttribute('title', WORKSPACE.id);

    const user = userEvent.setup();
    for (const toggle of screen.getAllByText('顯示更改')) await user.click(toggle);
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toContain('角色：成員 → 管理員');
    expect(lines).toContain('權限：對話 · 讀取 → 對話 · 讀取及客戶 · 讀取');
    expect(lines).toContain('名稱：— → 第一組織');

    const main = screen.getByRole('main');
    for (const id of [ROLE_CHANGE.target_id!, permissions.target_id!, WORKSPACE.id]) {
      expect(main).not.toHaveTextContent(id);
    }
    expect(main).not.toHaveTextContent(/member|workspace|role|permission|conversation|_read/i);
  });
});

describe('admin audit log', () => {
  it('lists every organization and the platform with the organization column', async () => {
    const platform = entry(4, {
      workspace_id: null,
      actor_type: 'admin',
      actor_name: 'root',
      action: 'system_admin.create',
      target_type: 'system_admin',
      after: { username: 'kim' },
    });
    const { calls } = asSystemAdmin({ 'GET /v1/admin/audit-logs': auditList([platform, ROLE_CHANGE]) });
    await renderApp('/admin/audit-log');
    expect(await screen.findByText('System admin created')).toBeInTheDocument();
    expect(screen.getByText('Member role changed')).toBeInTheDocument();
    expect(screen.getByText('Organization', { selector: 'th' })).toBeInTheDocument();
    expect(screen.getByText('Platform')).toBeInTheDocument();
    expect(screen.getByText(WORKSPACE.name, { selector: 'td *' })).toHaveAttribute('title', WORKSPACE.id);
    expect(screen.queryByText(WORKSPACE.id)).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/v1/admin/audit-logs'))?.url).toBe(
      '/v1/admin/audit-logs?page=1&size=10',
    );
    const sidebar = await screen.findByLabelText('sidebar');
    expect(within(sidebar).getByText('Audit log').closest('a')).toHaveAttribute('href', '/admin/audit-log');
  });
});

describe('the audit log of billing', () => {
  it("shows an operator's billing changes by their labels, money in dollars and dates as days", async () => {
    const adjust = entry(7, {
      actor_type: 'admin',
      actor_name: 'root',
      action: 'wallet.adjust',
      target_type: 'workspace',
      target_id: WORKSPACE.id,
      target_name: WORKSPACE.name,
      after: { amount_cents: -500, reason: 'refund', balance_after_cents: 1250 },
    });
    const plan = entry(8, {
      workspace_id: null,
      actor_type: 'admin',
      actor_name: 'root',
      action: 'subscription_plan.update',
      target_type: 'subscription_plan',
      target_name: 'Pro',
      before: { name: 'Pro', monthly_price_cents: 2900 },
      after: { name: 'Pro', monthly_price_cents: 3900 },
    });
    const trial = entry(9, {
      actor_type: 'admin',
      actor_name: 'root',
      action: 'subscription.trial_extend',
      target_type: 'workspace',
      target_id: WORKSPACE.id,
      target_name: WORKSPACE.name,
      before: { trial_end: null },
      // 2026-03-01 12:00 UTC
      after: { trial_end: 1_772_366_400 },
    });
    asSystemAdmin({ 'GET /v1/admin/audit-logs': auditList([adjust, plan, trial]) });
    await renderApp('/admin/audit-log');
    expect(await screen.findByText('Wallet credited or debited')).toBeInTheDocument();
    expect(screen.getByText('Plan updated')).toBeInTheDocument();
    expect(screen.getByText('Trial extended')).toBeInTheDocument();
    expect(screen.getByText('Plan', { selector: 'td *' })).toBeInTheDocument();
    expect(screen.queryByText(/wallet\.adjust|subscription_plan|trial_extend/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    for (const toggle of screen.getAllByText('Show changes')) await user.click(toggle);
    const lines = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Amount: — → -$5.00',
        'Reason: — → refund',
        'Balance after: — → $12.50',
        'Monthly price: $29.00 → $39.00',
        'Trial end: — → 2026-03-01',
      ]),
    );
  });

  it('has a label in every language for every action the filter offers and every target type', () => {
    // the catalogues themselves: i18next would answer a missing Chinese key from English
    for (const [language, catalogue] of Object.entries({
      en: auditLogEn,
      'zh-hk': auditLogZhHk,
      'zh-cn': auditLogZhCn,
    })) {
      const labels = { auditLog: catalogue } as Record<string, unknown>;
      const at = (key: string) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], labels);
      for (const action of KNOWN_ACTIONS.platform) {
        expect(at(actionLabelKey(action)!), `${language} ${action}`).toEqual(expect.any(String));
      }
      for (const type of TARGET_TYPES) {
        expect(at(targetTypeLabelKey(type)!), `${language} ${type}`).toEqual(expect.any(String));
      }
    }
  });
});

describe('changeLines', () => {
  it('lists changed keys, treats keys missing from after as context, and gives up on non-objects', () => {
    expect(changeLines({ role: 'member', user: 'ben' }, { role: 'admin' })).toEqual([
      { key: 'role', before: 'member', after: 'admin' },
    ]);
    expect(changeLines({ name: 'Support' }, null)).toEqual([{ key: 'name', before: 'Support', after: '—' }]);
    expect(changeLines({ limits: { seats: 1 } }, { limits: { seats: 2 } })).toEqual([
      { key: 'limits', before: '{"seats":1}', after: '{"seats":2}' },
    ]);
    expect(changeLines('a', 'b')).toBeNull();
    expect(changeLines([1], [2])).toBeNull();
  });
});
