import { describe, expect, it } from 'vitest';
import { adminPagesEn } from '../../features/admin/i18n/en.ts';
import { adminPagesZhCn } from '../../features/admin/i18n/zh-cn.ts';
import { adminPagesZhHk } from '../../features/admin/i18n/zh-hk.ts';
import { auditLogEn } from '../../features/audit/i18n/en.ts';
import { auditLogZhCn } from '../../features/audit/i18n/zh-cn.ts';
import { auditLogZhHk } from '../../features/audit/i18n/zh-hk.ts';
import { authEn } from '../../features/auth/i18n/auth.en.ts';
import { authZhCn } from '../../features/auth/i18n/auth.zh-cn.ts';
import { authZhHk } from '../../features/auth/i18n/auth.zh-hk.ts';
import { joinEn } from '../../features/auth/i18n/join.en.ts';
import { joinZhCn } from '../../features/auth/i18n/join.zh-cn.ts';
import { joinZhHk } from '../../features/auth/i18n/join.zh-hk.ts';
import { customersEn } from '../../features/customers/i18n/en.ts';
import { customersZhCn } from '../../features/customers/i18n/zh-cn.ts';
import { customersZhHk } from '../../features/customers/i18n/zh-hk.ts';
import { marketingEn } from '../../features/marketing/i18n/en.ts';
import { marketingZhCn } from '../../features/marketing/i18n/zh-cn.ts';
import { marketingZhHk } from '../../features/marketing/i18n/zh-hk.ts';
import { membersEn } from '../../features/members/i18n/members.en.ts';
import { membersZhCn } from '../../features/members/i18n/members.zh-cn.ts';
import { membersZhHk } from '../../features/members/i18n/members.zh-hk.ts';
import { mobileAppEn } from '../../features/mobile-app/i18n/mobileApp.en.ts';
import { mobileAppZhCn } from '../../features/mobile-app/i18n/mobileApp.zh-cn.ts';
import { mobileAppZhHk } from '../../features/mobile-app/i18n/mobileApp.zh-hk.ts';
import { accountEn } from '../../features/shell/i18n/account.en.ts';
import { accountZhCn } from '../../features/shell/i18n/account.zh-cn.ts';
import { accountZhHk } from '../../features/shell/i18n/account.zh-hk.ts';
import { teamsEn } from '../../features/teams/i18n/teams.en.ts';
import { teamsZhCn } from '../../features/teams/i18n/teams.zh-cn.ts';
import { teamsZhHk } from '../../features/teams/i18n/teams.zh-hk.ts';
import { orgSettingsEn } from '../../features/workspace/i18n/orgSettings.en.ts';
import { orgSettingsZhCn } from '../../features/workspace/i18n/orgSettings.zh-cn.ts';
import { orgSettingsZhHk } from '../../features/workspace/i18n/orgSettings.zh-hk.ts';
import { expectCompleteTranslation } from '../../test/catalogues.ts';
import { en as appEn } from './en.ts';
import { zhCn as appZhCn } from './zh-cn.ts';
import { zhHk as appZhHk } from './zh-hk.ts';

// the app's own texts and those that come with lazy parts of it
const en = {
  ...appEn,
  adminPages: adminPagesEn,
  auditLog: auditLogEn,
  marketing: marketingEn,
  customers: customersEn,
  join: joinEn,
  mobileApp: mobileAppEn,
  members: membersEn,
  teams: teamsEn,
  orgSettings: orgSettingsEn,
  auth: authEn,
  account: accountEn,
};
const zhHk = {
  ...appZhHk,
  adminPages: adminPagesZhHk,
  auditLog: auditLogZhHk,
  marketing: marketingZhHk,
  customers: customersZhHk,
  join: joinZhHk,
  mobileApp: mobileAppZhHk,
  members: membersZhHk,
  teams: teamsZhHk,
  orgSettings: orgSettingsZhHk,
  auth: authZhHk,
  account: accountZhHk,
};
const zhCn = {
  ...appZhCn,
  adminPages: adminPagesZhCn,
  auditLog: auditLogZhCn,
  marketing: marketingZhCn,
  customers: customersZhCn,
  join: joinZhCn,
  mobileApp: mobileAppZhCn,
  members: membersZhCn,
  teams: teamsZhCn,
  orgSettings: orgSettingsZhCn,
  auth: authZhCn,
  account: accountZhCn,
};

describe('UI catalogues', () => {
  it.each([
    ['zh-hk', zhHk],
    ['zh-cn', zhCn],
  ])('%s has every English key, each filled and placeholders kept', (_name, other) => {
    expectCompleteTranslation(en, other);
  });

  it('keeps the spec words in English', () => {
    expect(en.common.noData).toBe('no data available');
    expect(en.admin.panelTitle).toBe('system admin panel');
    expect(en.marketing.saveTwoMonths).toBe('save 2 months fee');
  });
});
