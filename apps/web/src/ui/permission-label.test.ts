import { ADMIN_PERMISSIONS, WORKSPACE_PERMISSIONS } from '@omnichat/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../app/i18n/index.ts';
import { permissionLabel } from './permission-label.ts';

describe('permissionLabel', () => {
  it("names organization and system-admin permissions in the reader's language", () => {
    const en = i18n.getFixedT('en');
    const zhHk = i18n.getFixedT('zh-hk');
    const zhCn = i18n.getFixedT('zh-cn');
    expect(permissionLabel('conversation_read', en)).toBe('Conversations · Read');
    expect(permissionLabel('conversation_read', zhHk)).toBe('對話 · 讀取');
    expect(permissionLabel('customer_export', zhCn)).toBe('客户 · 导出');
    expect(permissionLabel('system_admin_management_write', en)).toBe('System admin management · Write');
    expect(permissionLabel('workspace_management_read', zhHk)).toBe('組織管理 · 讀取');
    expect(permissionLabel('subscription_history_read', zhCn)).toBe('订阅记录 · 读取');
  });

  it('has a label for every permission in every language, and leaves unknown keys alone', () => {
    for (const locale of ['en', 'zh-hk', 'zh-cn']) {
      const t = i18n.getFixedT(locale);
      for (const key of [...WORKSPACE_PERMISSIONS, ...ADMIN_PERMISSIONS]) {
        const label = permissionLabel(key, t);
        expect(label, `${locale} ${key}`).toMatch(/^[^_.]+ · [^_.]+$/);
      }
    }
    expect(permissionLabel('made_up_read', i18n.getFixedT('en'))).toBe('made_up_read');
    expect(permissionLabel('conversation_delete', i18n.getFixedT('en'))).toBe('conversation_delete');
  });
});
