import type { Admin } from '@omnichat/contracts';
import { screen, within } from '@testing-library/react';
import { STORAGE_KEYS, storeAdmin, writeString } from '../../app/storage.ts';
import { ok, stubFetch } from '../../test/fetch-stub.ts';
import { ADMIN, PUBLIC_SETTINGS } from '../../test/fixtures.ts';

type Routes = Parameters<typeof stubFetch>[0];

/** Signs in a system admin (admin flag by default) and stubs the layout's calls plus `routes`. */
export function asSystemAdmin(routes: Routes = {}, options: { admin?: Partial<Admin>; permissions?: string[] } = {}) {
  const admin = { ...ADMIN, ...options.admin };
  writeString(STORAGE_KEYS.token, 'admin-token');
  writeString(STORAGE_KEYS.loginType, 'system_admin');
  writeString(STORAGE_KEYS.role, admin.admin ? 'admin' : 'member');
  storeAdmin(admin);
  return stubFetch({
    'GET /public/v1/system-setting': [ok(PUBLIC_SETTINGS)],
    'GET /v1/admin/self/permission': [ok({ permissions: options.permissions ?? [] })],
    ...routes,
  });
}

export const paged = (items: unknown[], page = 1, size = 10) => ({
  status: 200,
  body: {
    success: true,
    data: items,
    page: { page, size, total: items.length, total_pages: Math.ceil(items.length / size) },
  },
});

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A button by its visible text (role queries are slow on antd pages). */
export const findButton = async (text: string, root: HTMLElement = document.body) =>
  (await within(root).findByText(text, { selector: 'button span' })).closest('button') as HTMLButtonElement;

/** The open antd modal or drawer whose title is `title`. */
export const findPanel = async (title: string) =>
  (
    await screen.findByText((_, element) =>
      Boolean(element?.matches('.ant-modal-title, .ant-drawer-title') && element.textContent === title),
    )
  ).closest<HTMLElement>('.ant-modal, .ant-drawer') as HTMLElement;
