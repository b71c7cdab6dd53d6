import type {
  Admin,
  AdminWorkspace,
  adminWorkspaceMemberSchema,
  PageInfo,
  Setting,
  User,
  WorkspaceLimits,
} from '@omnichat/contracts';
import type { z } from 'zod';
import { http } from '../../app/http/index.ts';

export type AdminUser = User & { organizations: number };
export type AdminWorkspaceMember = z.infer<typeof adminWorkspaceMemberSchema>;
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

async function listPage<T>(path: string, filters: ListFilters): Promise<Paged<T>> {
  const { data, page } = await http.requestEnvelope<T[]>('GET', path, {
    query: {
      page: filters.page,
      size: filters.size,
      keyword: filters.keyword.trim() || undefined,
      status: filters.status,
    },
  });
  return { items: data ?? [], page };
}

export const listSystemAdmins = (filters: ListFilters) => listPage<Admin>('/v1/admin/system-admin', filters);

export interface CreateAdminBody {
  username: string;
  display_name: string;
  email: string;
  password: string;
  permissions: string[];
}
export const createSystemAdmin = (body: CreateAdminBody) => http.post<Admin>('/v1/admin/system-admin', body);
export const setSystemAdminActive = (id: string, active: boolean) =>
  http.put<Admin>(`/v1/admin/system-admin/${id}/status`, { active });
export const getSystemAdminPermissions = (id: string) =>
  http.get<{ permissions: string[] }>(`/v1/admin/system-admin/${id}/permission`);
export const putSystemAdminPermissions = (id: string, permissions: string[]) =>
  http.put<{ permissions: string[] }>(`/v1/admin/system-admin/${id}/permission`, { permissions });

export const listUsers = (filters: ListFilters) => listPage<AdminUser>('/v1/admin/user', filters);
export const setUserActive = (id: string, active: boolean) => http.put<User>(`/v1/admin/user/${id}/status`, { active });
export const sendUserPasswordReset = (id: string) =>
  http.post<{ message: string }>(`/v1/admin/user/${id}/reset-password`);

export const listWorkspaces = (filters: ListFilters) => listPage<AdminWorkspace>('/v1/admin/workspace', filters);
export const getWorkspaceMembers = (id: string) =>
  http.get<AdminWorkspaceMember[]>(`/v1/admin/workspace/${id}/members`);
export const getWorkspaceLimits = (id: string) => http.get<WorkspaceLimits>(`/v1/admin/workspace/${id}/limits`);
export const putWorkspaceLimits = (id: string, limits: WorkspaceLimits) =>
  http.put<WorkspaceLimits>(`/v1/admin/workspace/${id}/limits`, limits);

export const getAdminSelf = () => http.get<Admin>('/v1/admin/self');
export const putAdminSelf = (body: { display_name?: string; avatar?: string; email?: string }) =>
  http.put<Admin>('/v1/admin/self', body);
export const changeAdminPassword = (body: { old_password: string; new_password: string; confirm_password: string }) =>
  http.post<{ token: string }>('/v1/admin/auth/change-password', body);

export const getSettings = (keys: readonly string[]) =>
  http.get<Setting[]>('/v1/system-setting', { query: { keys: keys.join(',') } });
export const putSettings = (settings: Setting[]) => http.put<Setting[]>('/v1/system-setting', { settings });
/** The SMTP test answers the server's reply; failures are shown in the page, not toasted. */
export const sendSmtpTest = (to: string) =>
  http.post<{ response: string }>('/v1/system-setting/smtp/test', { to }, { silent: true });
