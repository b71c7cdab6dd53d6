import { SYSTEM_SETTINGS, type SystemSettingKey } from '@omnichat/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from './http/index.ts';
import { useSession } from './session/use-session.ts';

/** loaded on first use: see entry-endpoints.ts */
const endpoints = () => import('./entry-endpoints.ts');

export const PUBLIC_SETTING_QUERY_KEYS = [
  'system.mode',
  'system.name',
  'system.logo',
  'system.contact.email',
  'system.source.url',
  'google.client.id',
] as const;
type PublicSettingKey = (typeof PUBLIC_SETTING_QUERY_KEYS)[number] & SystemSettingKey;
export type PublicSettings = Record<PublicSettingKey, string>;

export const queryKeys = {
  publicSettings: ['public-settings'] as const,
  selfWorkspaces: ['self', 'workspaces'] as const,
  self: ['self'] as const,
  memberPermissions: (workspaceId: string | null) => ['member-permissions', workspaceId] as const,
  subscription: (workspaceId: string | null) => ['subscription-current', workspaceId] as const,
  adminPermissions: ['admin-permissions'] as const,
  timezones: (keyword: string) => ['timezones', keyword] as const,
};

/** GET /public/v1/system-setting: system mode, name, logo and Google client id; undefined while loading. */
export function usePublicSettings() {
  return useQuery({
    queryKey: queryKeys.publicSettings,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<PublicSettings> => {
      const { settingEndpoints } = await endpoints();
      const list = await http.call(settingEndpoints.public, {
        query: { keys: PUBLIC_SETTING_QUERY_KEYS.join(',') },
        silent: true,
      });
      const result = {} as PublicSettings;
      for (const key of PUBLIC_SETTING_QUERY_KEYS) {
        result[key] = list.find((setting) => setting.key === key)?.value ?? SYSTEM_SETTINGS[key].default;
      }
      return result;
    },
  });
}

export function useSelfWorkspaces(enabled = true) {
  return useQuery({
    queryKey: queryKeys.selfWorkspaces,
    enabled,
    queryFn: async () => http.call((await endpoints()).selfEndpoints.workspaces),
  });
}

/** The current member's permissions, seeded from the stored member record. */
export function useMemberPermissions() {
  const { member, workspaceId, token } = useSession();
  return useQuery({
    queryKey: queryKeys.memberPermissions(workspaceId),
    enabled: Boolean(member && token),
    placeholderData: member?.permissions ? { permissions: member.permissions } : undefined,
    queryFn: async () => http.call((await endpoints()).selfEndpoints.permissions),
    select: (data) => data.permissions,
  });
}

/** GET /v1/subscription/current: the plan, its status and what it allows (`features`; all while billing is off). */
export function useCurrentSubscription() {
  const { member, workspaceId, token } = useSession();
  return useQuery({
    queryKey: queryKeys.subscription(workspaceId),
    enabled: Boolean(member && token),
    queryFn: async () => http.call((await endpoints()).currentSubscriptionEndpoint),
  });
}

export function useAdminPermissions() {
  const { token, loginType } = useSession();
  return useQuery({
    queryKey: queryKeys.adminPermissions,
    enabled: Boolean(token) && loginType === 'system_admin',
    queryFn: async () => http.call((await endpoints()).adminAuthEndpoints.permissions),
    select: (data) => data.permissions,
  });
}
