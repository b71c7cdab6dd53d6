import type { User } from '@omnichat/contracts';
import { toUnixSeconds } from '../../platform/db/columns.ts';
import type { UserRow } from '../../platform/identity/users.tables.ts';

export const toUserDto = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  display_name: row.displayName,
  email: row.email,
  avatar: row.avatar,
  status: row.status,
  email_verified: row.emailVerified,
  invited: row.invited,
  invited_at: row.invitedAt,
  created_at: toUnixSeconds(row.createdAt),
});
