import {
  type Admin,
  type AdminWorkspace,
  adminAuthEndpoints,
  adminSelfEndpoints,
  adminUserEndpoints,
  adminWorkspaceEndpoints,
  type ChangePasswordBody,
  type CreateSystemAdminBody,
  isAdminPermission,
  type PageInfo,
  type ResponseOf,
  type Setting,
  settingEndpoints,
  systemAdminEndpoints,
  type TemplatePriceRow,
  templatePriceEndpoints,
  type UpdateAdminSelfBody,
  type WorkspaceLimits,
} from '@omnichat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http/index.ts';
import { storeAdmin } from '../../app/storage.ts';

export type AdminUser = ResponseOf<typeof adminUserEndpoints.list>[number];
export type AdminWorkspaceMember = ResponseOf<typeof adminWorkspaceEndpoints.members>[number];
export type AccountStatus = 'active' | 'inactive';

export interface ListFilters {
  page: number;
  size: number;
  keyword: string;
  status?: AccountStatus;
}

export interface Paged<T> {
  items: T[];
  page: PageInfo | undefined;
}

export const adminKeys = {
  systemAdmins: (filters: ListFilters) => ['admin', 'system-admins', filters] as const,
  systemAdminsAll: ['admin', 'system-admins'] as const,
  adminPermissions: (id: string) => ['admin', 'system-admin-permission', id] as const,
  users: (filters: ListFilters) => ['admin', 'users', filters] as const,
  usersAll: ['admin', 'users'] as const,
  workspaces: (filters: ListFilters) => ['admin', 'workspaces', filters] as const,
  workspaceMembers: (id: string) => ['admin', 'workspace-members', id] as const,
  workspaceLimits: (id: string) => ['admin', 'workspace-limits', id] as const,
  self: ['admin', 'self'] as const,
  settings: (keys: readonly string[]) => ['admin', 'settings', ...keys] as const,
};

const listQuery = (filters: ListFilters) => ({
  page: filters.page,
  size: filters.size,
  keyword: filters.keyword.trim() || undefined,
});

export async function listSystemAdmins(filters: ListFilters): Promise<Paged<Admin>> {
  const { data, page } = await http.callEnvelope(systemAdminEndpoints.list, { query: listQuery(filters) });
  return { items: data, page };
}

/** Creates a system admin; the admin lists are refreshed afterwards. */
export function useCreateSystemAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSystemAdminBody) => http.call(systemAdminEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.systemAdminsAll }),
  });
}
export const setSystemAdminActive = (id: string, active: boolean) =>
  http.call(systemAdminEndpoints.setActive, { params: { id }, body: { active } });
export const getSystemAdminPermissions = (id: string) =>
  http.call(systemAdminEndpoints.permissions, { params: { id } });

/** Replaces an admin's permissions: the answer is cached as theirs and the admin lists are refreshed. */
export function useSaveAdminPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, permissions }: { id: string; permissions: string[] }) =>
      http.call(systemAdminEndpoints.setPermissions, {
        params: { id },
        body: { permissions: permissions.filter(isAdminPermission) },
      }),
    onSuccess: async (result, { id }) => {
      queryClient.setQueryData(adminKeys.adminPermissions(id), result);
      await queryClient.invalidateQueries({ queryKey: adminKeys.systemAdminsAll });
    },
  });
}

export async function listUsers(filters: ListFilters): Promise<Paged<AdminUser>> {
  const { data, page } = await http.callEnvelope(adminUserEndpoints.list, {
    query: { ...listQuery(filters), status: filters.status },
  });
  return { items: data, page };
}
export const setUserActive = (id: string, active: boolean) =>
  http.call(adminUserEndpoints.setActive, { params: { id }, body: { active } });
export const sendUserPasswordReset = (id: string) => http.call(adminUserEndpoints.resetPassword, { params: { id } });

export async function listWorkspaces(filters: ListFilters): Promise<Paged<AdminWorkspace>> {
  const { data, page } = await http.callEnvelope(adminWorkspaceEndpoints.list, { query: listQuery(filters) });
  return { items: data, page };
}
export const getWorkspaceMembers = (id: string) => http.call(adminWorkspaceEndpoints.members, { params: { id } });
export const getWorkspaceLimits = (id: string) => http.call(adminWorkspaceEndpoints.limits, { params: { id } });

/** Saves an organization's limits; the answer becomes its cached limits. */
export function useSaveWorkspaceLimits(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: WorkspaceLimits) =>
      http.call(adminWorkspaceEndpoints.setLimits, { params: { id }, body: limits }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.workspaceLimits(id), saved),
  });
}

export const getAdminSelf = () => http.call(adminSelfEndpoints.get);

/** Saves the admin's own details: the answer becomes the stored and cached admin. */
export function useSaveAdminSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminSelfBody) => http.call(adminSelfEndpoints.update, { body }),
    onSuccess: (saved) => {
      storeAdmin(saved);
      queryClient.setQueryData(adminKeys.self, saved);
    },
  });
}
/** a wrong current password shows under its field (`inlineFields`), not in a toast as well */
export const changeAdminPassword = (body: ChangePasswordBody) =>
  http.call(adminAuthEndpoints.changePassword, { body, inlineFields: true });

export const getSettings = (keys: readonly string[]) =>
  http.call(settingEndpoints.list, { query: { keys: keys.join(',') } });
export const putSettings = (settings: Setting[]) => http.call(settingEndpoints.update, { body: { settings } });
/** The SMTP test answers the server's reply; failures are shown in the page, not toasted. */
export const sendSmtpTest = (to: string) => http.call(settingEndpoints.smtpTest, { body: { to }, silent: true });

export const templatePricesKey = ['admin', 'template-prices'] as const;
export const getTemplatePrices = () => http.call(templatePriceEndpoints.get);
/** Field errors come back per row (`rows.2.country`) and are shown by the editor, not toasted. */
export const putTemplatePrices = (rows: TemplatePriceRow[]) =>
  http.call(templatePriceEndpoints.update, { body: { rows }, inlineFields: true });
