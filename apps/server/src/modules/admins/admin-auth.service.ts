import type { Admin, GoogleLoginBody, LoginBody } from '@omnichat/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { revokeTokens } from '../../platform/auth/account-events.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, forbidden, unauthorized } from '../../platform/errors.ts';
import { type AdminRow, systemAdmins } from '../../platform/identity/admins.tables.ts';
import { createLinkRequests, createLoginGuard, verifiedGoogleIdentity } from '../auth/index.ts';
import { toAdminDto } from './admins.dto.ts';

const lower = (value: string) => value.trim().toLowerCase();

export function createAdminAuthService(ctx: AppContext) {
  const db = ctx.database.db;
  const guard = createLoginGuard(ctx);
  const requestLink = createLinkRequests(ctx, 'admin');
  const result = async (admin: AdminRow) => ({
    admin: toAdminDto(admin),
    token: await ctx.tokens.sign({ sub: admin.id, typ: 'admin', ver: admin.tokenVersion }),
  });

  async function login(body: LoginBody, ip: string): Promise<{ admin: Admin; token: string }> {
    await guard.checkIp(ip);
    const login = lower(body.username_or_email);
    const [admin] = await db
      .select()
      .from(systemAdmins)
      .where(or(eq(sql`lower(${systemAdmins.username})`, login), eq(sql`lower(${systemAdmins.email})`, login)));
    await guard.checkAccount('admin', admin, login);
    if (!(await verifyPassword(admin?.passwordHash, body.password)) || !admin) {
      await guard.failed('admin', admin, login);
      throw new AppError(401, 'invalid_credentials');
    }
    if (admin.status !== 'active') throw new AppError(403, 'account_inactive');
    await guard.succeeded('admin', admin);
    return result(admin);
  }

  /** Only an existing admin may sign in with Google (matched by Google id, then verified e-mail). */
  async function googleLogin(body: GoogleLoginBody) {
    const identity = await verifiedGoogleIdentity(ctx, body);
    const [admin] = await db
      .select()
      .from(systemAdmins)
      .where(or(eq(systemAdmins.googleId, identity.sub), eq(sql`lower(${systemAdmins.email})`, lower(identity.email))));
    if (!admin) throw forbidden();
    if (admin.status !== 'active') throw new AppError(403, 'account_inactive');
    if (!admin.googleId)
      await db.update(systemAdmins).set({ googleId: identity.sub }).where(eq(systemAdmins.id, admin.id));
    const answer = await result(admin);
    // SPEC 3: the admin record of a Google sign-in carries no permissions; the client loads them separately.
    return { ...answer, admin: { ...answer.admin, permissions: [] } };
  }

  async function refresh(token: string) {
    const claims = await ctx.tokens.verify(token);
    if (claims?.typ !== 'admin') throw unauthorized();
    const [admin] = await db.select().from(systemAdmins).where(eq(systemAdmins.id, claims.sub));
    if (!admin || admin.tokenVersion !== claims.ver) throw unauthorized();
    if (admin.status !== 'active') throw new AppError(401, 'account_inactive');
    return result(admin);
  }

  async function forgotPassword(email: string, ip: string) {
    await ctx.abuseLimits.hit('forgot_password', ip, `admin:${email}`);
    await requestLink('reset_password', email);
  }

  async function resetPassword(token: string, password: string) {
    const adminId = await ctx.oneTimeTokens.consume('reset_password', 'admin', token);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(systemAdmins)
        .set({ passwordHash, tokenVersion: sql`${systemAdmins.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(systemAdmins.id, adminId))
        .returning();
      if (updated) await revokeTokens(ctx.events, tx, 'admin', updated);
    });
  }

  async function changePassword(admin: AdminRow, oldPassword: string, newPassword: string) {
    if (!(await verifyPassword(admin.passwordHash, oldPassword))) {
      throw new AppError(400, 'old_password_incorrect', {}, { old_password: { key: 'old_password_incorrect' } });
    }
    const passwordHash = await hashPassword(newPassword);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(systemAdmins)
        .set({ passwordHash, tokenVersion: sql`${systemAdmins.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(systemAdmins.id, admin.id))
        .returning();
      await revokeTokens(ctx.events, tx, 'admin', row!);
      return row!;
    });
    return (await result(updated)).token;
  }

  async function logout(admin: AdminRow) {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(systemAdmins)
        .set({ tokenVersion: sql`${systemAdmins.tokenVersion} + 1` })
        .where(eq(systemAdmins.id, admin.id))
        .returning();
      if (updated) await revokeTokens(ctx.events, tx, 'admin', updated);
    });
  }

  return { login, googleLogin, refresh, forgotPassword, resetPassword, changePassword, logout };
}
