import type { AdminListQuery, AdminPermission, CreateSystemAdminBody } from '@omnichat/contracts';
import { count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { revokeTokens } from '../../platform/auth/account-events.ts';
import { personName } from '../../platform/auth/actor.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { adminPermissions } from '../../platform/auth/permissions.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { type AdminRow, systemAdmins } from '../../platform/identity/admins.tables.ts';
import { toAdminDto } from '../admins/index.ts';
import { containing } from './paging.ts';

const lower = (value: string) => value.trim().toLowerCase();

/**
 * An admin without the admin flag grants only permissions they hold themselves, and cannot change, deactivate or
 * strip an admin who holds anything they do not (the admin flag included); otherwise one write permission would
 * be enough to mint an all-powerful account or to disarm a stronger one.
 */
function checkReach(actor: AdminRow, granted: readonly string[], target?: AdminRow) {
  if (actor.isSuper) return;
  const held = new Set<string>(adminPermissions(actor));
  const beyond = (list: readonly string[]) => list.some((permission) => !held.has(permission));
  if (target && (target.isSuper || beyond(adminPermissions(target)))) throw forbidden();
  if (beyond(granted)) throw forbidden();
}

export function createSystemAdminsService(ctx: AppContext) {
  const db = ctx.database.db;

  async function find(id: string): Promise<AdminRow> {
    const [admin] = await db.select().from(systemAdmins).where(eq(systemAdmins.id, id));
    if (!admin) throw notFound();
    return admin;
  }

  async function list(query: AdminListQuery) {
    const where: SQL | undefined = query.keyword
      ? or(
          ilike(systemAdmins.username, containing(query.keyword)),
          ilike(systemAdmins.email, containing(query.keyword)),
          ilike(systemAdmins.displayName, containing(query.keyword)),
        )
      : undefined;
    const rows = await db
      .select()
      .from(systemAdmins)
      .where(where)
      .orderBy(desc(systemAdmins.createdAt), systemAdmins.id)
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const [total] = await db.select({ n: count() }).from(systemAdmins).where(where);
    return { rows: rows.map(toAdminDto), total: total?.n ?? 0 };
  }

  async function create(actor: AdminRow, body: CreateSystemAdminBody) {
    checkReach(actor, body.permissions ?? []);
    const [taken] = await db
      .select({ username: systemAdmins.username })
      .from(systemAdmins)
      .where(
        or(
          eq(sql`lower(${systemAdmins.username})`, lower(body.username)),
          eq(sql`lower(${systemAdmins.email})`, lower(body.email)),
        ),
      );
    if (taken) {
      const field = lower(taken.username) === lower(body.username) ? 'username' : 'email';
      const key = field === 'username' ? 'username_taken' : 'email_taken';
      throw new AppError(409, key, {}, { [field]: { key } });
    }
    const [created] = await db
      .insert(systemAdmins)
      .values({
        username: body.username,
        displayName: body.display_name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        permissions: [...new Set(body.permissions ?? [])],
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError(409, 'username_taken', {}, { username: { key: 'username_taken' } });
    return toAdminDto(created);
  }

  /** Deactivating ends every session of that admin (token version bump); nobody deactivates themselves. */
  async function setStatus(actor: AdminRow, id: string, active: boolean) {
    const target = await find(id);
    if (target.id === actor.id && !active) throw new AppError(403, 'cannot_deactivate_self');
    checkReach(actor, [], target);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(systemAdmins)
        .set({
          status: active ? 'active' : 'inactive',
          updatedAt: new Date(),
          ...(active ? {} : { tokenVersion: sql`${systemAdmins.tokenVersion} + 1` }),
        })
        .where(eq(systemAdmins.id, id))
        .returning();
      if (!active) await revokeTokens(ctx.events, tx, 'admin', row!);
      return row!;
    });
    return { before: target.status, admin: toAdminDto(updated) };
  }

  async function permissionsOf(id: string) {
    return adminPermissions(await find(id));
  }

  async function setPermissions(actor: AdminRow, id: string, permissions: AdminPermission[]) {
    const target = await find(id);
    if (target.id === actor.id) throw new AppError(403, 'cannot_change_own_permissions');
    checkReach(actor, permissions, target);
    const next = [...new Set(permissions)];
    await db.update(systemAdmins).set({ permissions: next, updatedAt: new Date() }).where(eq(systemAdmins.id, id));
    return {
      name: personName(target),
      before: target.permissions,
      after: next,
      effective: adminPermissions({ ...target, permissions: next }),
    };
  }

  return { list, create, setStatus, permissionsOf, setPermissions };
}
