import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { type UserRow, users } from '../../platform/identity/users.tables.ts';

export async function updateProfile(
  database: Database,
  userId: string,
  changes: { display_name?: string; avatar?: string },
): Promise<UserRow> {
  const [row] = await database.db
    .update(users)
    .set({
      ...(changes.display_name !== undefined && { displayName: changes.display_name }),
      ...(changes.avatar !== undefined && { avatar: changes.avatar }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound();
  return row;
}
