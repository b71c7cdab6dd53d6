import type { AdminListQuery } from '@omnichat/contracts';
import { and, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { revokeTokens } from '../../platform/auth/account-events.ts';
import { notFound } from '../../platform/errors.ts';
import { type UserRow, users } from '../../platform/identity/users.tables.ts';
import { authMails } from '../auth/index.ts';
import { toUserDto } from '../users/index.ts';
import { containing } from './paging.ts';

export function createUsersAdminService(ctx: AppContext) {
  const db = ctx.database.db;

  async function find(id: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound();
    return user;
  }

  async function list(query: AdminListQuery & { status?: 'active' | 'inactive' }) {
    const where: SQL[] = [];
    if (query.keyword) {
      const pattern = containing(query.keyword);
      where.push(or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern))!);
    }
    if (query.status) where.push(eq(users.status, query.status));
    const condition = where.length ? and(...where) : undefined;
    // memberships live in every organization's rows: counting them crosses tenants
    return ctx.database.unsafeCrossTenant('a system admin lists users with their organization counts', async (tx) => {
      const rows = await tx
        .select({
          ...getTableColumns(users),
          organizations: sql<number>`(select count(*) from workspace_members m where m.user_id = "users"."id")::int`,
        })
        .from(users)
        .where(condition)
        .orderBy(desc(users.createdAt), users.id)
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const [total] = await tx.select({ n: count() }).from(users).where(condition);
      return {
        rows: rows.map(({ organizations, ...user }) => ({ ...toUserDto(user), organizations: Number(organizations) })),
        total: total?.n ?? 0,
      };
    });
  }

  /** Deactivating ends every session of the user (token version bump). */
  async function setStatus(id: string, active: boolean) {
    const target = await find(id);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          status: active ? 'active' : 'inactive',
          updatedAt: new Date(),
          ...(active ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }),
        })
        .where(eq(users.id, id))
        .returning();
      if (!active) await revokeTokens(ctx.events, tx, 'user', row!);
      return row!;
    });
    return { before: target.status, user: toUserDto(updated) };
  }

  /** Mails the user the same one-hour reset link as the forgot-password flow. */
  async function sendPasswordReset(id: string) {
    const user = await find(id);
    await authMails(ctx).resetPassword('user', user);
    return user;
  }

  return { list, setStatus, sendPasswordReset };
}
