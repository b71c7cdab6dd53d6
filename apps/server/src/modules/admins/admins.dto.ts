import type { Admin } from '@omnichat/contracts';
import { adminPermissions } from '../../platform/auth/permissions.ts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { AdminRow } from '../../platform/identity/admins.tables.ts';

export const toAdminDto = (row: AdminRow): Admin => ({
  id: row.id,
  username: row.username,
  display_name: row.displayName,
  email: row.email,
  avatar: row.avatar,
  admin: row.isSuper,
  status: row.status,
  permissions: adminPermissions(row),
  created_at: toUnixSeconds(row.createdAt),
});
