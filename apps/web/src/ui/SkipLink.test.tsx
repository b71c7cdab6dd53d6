import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../app/i18n/index.ts';
import { STORAGE_KEYS, storeAdmin, storeWorkspaceMember, writeString } from '../app/storage.ts';
import { ok, stubFetch } from '../test/fetch-stub.ts';
import { ADMIN, memberOf, PUBLIC_SETTINGS, subscriptionFixture, WORKSPACES } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

function signInAs(kind: 'user' | 'admin') {
  writeString(STORAGE_KEYS.token, 'token');
  if (kind === 'user') {
    writeString(STORAGE_KEYS.loginType, 'system_user');
    storeWorkspaceMember(memberOf(WORKSPACES[0]!, []));
  } else {
    writeString(STORAGE_KEYS.loginType, 'system_admin');
    storeAdmin(ADMIN);
  }
}

describe('skip to content', () => {
  it.each([
    ['the marketing pages', '/', 'user'],
    ['the sign-in page', '/auth/login', 'user'],
    ['the organization app', '/app/dashboard', 'user'],
    ['the admin panel', '/admin/dashboard', 'admin'],
  ] as const)(
    'is what the first Tab reaches on %s, and moves the focus to the main content',
    async (_name, path, kind) => {
      if (path.startsWith('/app') || path.startsWith('/admin')) signInAs(kind);
      stubFetch({
        'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
        'GET /v1/workspace/member/self/permission': [ok({ permissions: [] })],
        'GET /v1/subscription/current': [ok(subscriptionFixture())],
        'GET /v1/admin/self/permission': [ok({ permissions: [] })],
      });
      await renderApp(path);
      await screen.findByRole('main');
      const user = userEvent.setup();

      // from the top of the page (the sign-in page puts the focus in its first field itself)
      (document.activeElement as HTMLElement | null)?.blur();
      await user.tab();
      const link = screen.getByRole('link', { name: 'Skip to content' });
      expect(link).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('main')).toHaveFocus();
      expect(window.location.hash).toBe('');
    },
  );

  it('speaks the language of the page', async () => {
    await i18n.changeLanguage('zh-hk');
    stubFetch({ 'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)] });
    await renderApp('/auth/register');
    await screen.findByRole('main');
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.setup().tab();
    expect(screen.getByRole('link', { name: '跳至主要內容' })).toHaveFocus();
  });
});
