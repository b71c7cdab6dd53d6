import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import { type AdminRow, systemAdmins } from '../../platform/identity/admins.tables.ts';
import { toAdminDto } from '../admins/index.ts';

export function createAdminSelfService(ctx: AppContext) {
  const db = ctx.database.db;

  async function update(admin: AdminRow, body: { display_name?: string; avatar?: string; email?: string }) {
    if (body.email !== undefined) {
      const [taken] = await db
        .select({ id: systemAdmins.id })
        .from(systemAdmins)
        .where(and(eq(sql`lower(${systemAdmins.email})`, body.email.toLowerCase()), ne(systemAdmins.id, admin.id)));
      if (taken) throw new AppError(409, 'email_taken', {}, { email: { key: 'email_taken' } });
    }
    const [updated] = await db
      .update(systemAdmins)
      .set({
        ...(body.display_name !== undefined ? { displayName: body.display_name } : {}),
        ...(body.avatar !== undefined ? { avatar: body.avatar } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        updatedAt: new Date(),
      })
      .where(eq(systemAdmins.id, admin.id))
      .returning();
    return toAdminDto(updated!);
  }

  return { update };
}
