import { ADMIN_PERMISSION_GROUPS, WORKSPACE_PERMISSION_GROUPS } from '@omnichat/contracts';
import type { TFunction } from 'i18next';

/** Every permission group with a label in `permissionGroups`: an organization's and the system admins'. */
const GROUPS: readonly string[] = [...WORKSPACE_PERMISSION_GROUPS, ...ADMIN_PERMISSION_GROUPS, 'subscription_history'];
const LEVELS: readonly string[] = ['read', 'write', 'import', 'export'];

/** A permission group's label in the reader's language ("Conversations", "對話"). */
export const permissionGroupLabel = (group: string, t: TFunction): string => t(`permissionGroups.${group}`);

/**
 * A permission key (`<group>_<level>`, an organization's or a system admin's) as the reader says it:
 * "Conversations · Read", "對話 · 讀取". A key the app does not know stays as it is.
 */
export function permissionLabel(key: string, t: TFunction): string {
  const cut = key.lastIndexOf('_');
  const group = key.slice(0, cut);
  const level = key.slice(cut + 1);
  if (cut < 0 || !GROUPS.includes(group) || !LEVELS.includes(level)) return key;
  return `${permissionGroupLabel(group, t)} · ${t(`permissionChecklist.${level}`)}`;
}
