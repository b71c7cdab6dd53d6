import type { GoogleLoginBody, LoginBody, RegisterBody, User, WorkspaceMember } from '@omnichat/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { revokeTokens } from '../../platform/auth/account-events.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../platform/errors.ts';
import { type UserRow, users } from '../../platform/identity/users.tables.ts';
import { toUserDto } from '../users/index.ts';
import { findMembership, toWorkspaceMemberDto } from '../workspaces/index.ts';
import { verifiedGoogleIdentity } from './google-identity.ts';
import { createLinkRequests } from './link-requests.ts';
import { createLoginGuard } from './login-guard.ts';
import { authMails } from './mails.ts';
import { reclaimUnverified } from './squatted-registration.ts';

const lower = (value: string) => value.trim().toLowerCase();
const byLogin = (login: string) =>
  or(eq(sql`lower(${users.username})`, lower(login)), eq(sql`lower(${users.email})`, lower(login)));

export function createUserAuthService(ctx: AppContext) {
  const { database, tokens } = ctx;
  const db = database.db;
  const guard = createLoginGuard(ctx);
  const mails = authMails(ctx);
  const requestLink = createLinkRequests(ctx, 'user');

  const issue = (user: UserRow, workspaceId?: string) =>
    tokens.sign({ sub: user.id, typ: 'user', ver: user.tokenVersion, wid: workspaceId });

  async function login(body: LoginBody, ip: string): Promise<{ user: User; token: string }> {
    await guard.checkIp(ip);
    const [user] = await db.select().from(users).where(byLogin(body.username_or_email));
    await guard.checkAccount('user', user, body.username_or_email);
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      await guard.failed('user', user, body.username_or_email);
      throw new AppError(401, 'invalid_credentials');
    }
    if (user.status !== 'active') throw new AppError(403, 'account_inactive');
    // named after the login field, so the sign-in form shows it in place and offers to resend the link
    if (!user.emailVerified) {
      throw new AppError(403, 'account_not_verified', {}, { username_or_email: { key: 'account_not_verified' } });
    }
    await guard.succeeded('user', user);
    return { user: toUserDto(user), token: await issue(user) };
  }

  async function googleLogin(body: GoogleLoginBody): Promise<{ user: User; token: string }> {
    const identity = await verifiedGoogleIdentity(ctx, body);
    const user = await db.transaction(async (tx) => {
      const [linked] = await tx.select().from(users).where(eq(users.googleId, identity.sub));
      if (linked) return linked;
      const [byEmail] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, lower(identity.email)));
      if (byEmail?.emailVerified) {
        const [updated] = await tx
          .update(users)
          .set({ googleId: identity.sub })
          .where(eq(users.id, byEmail.id))
          .returning();
        return updated!;
      }
      const username = await freeUsername(tx, identity.email.split('@')[0] ?? 'user');
      const fromGoogle = {
        username,
        displayName: (identity.name || username).slice(0, 99),
        googleId: identity.sub,
        avatar: identity.picture ?? '',
      };
      if (byEmail) return reclaimUnverified(tx, byEmail, fromGoogle);
      const [created] = await tx
        .insert(users)
        .values({ ...fromGoogle, email: identity.email, emailVerified: true, invited: false, invitedAt: 0 })
        .returning();
      return created!;
    });
    if (user.status !== 'active') throw new AppError(403, 'account_inactive');
    return { user: toUserDto(user), token: await issue(user) };
  }

  /** The member record of `workspaceId` and a token bound to it, for a valid user token of a member. */
  async function refreshForWorkspace(
    token: string,
    workspaceId: string,
  ): Promise<{ workspace: WorkspaceMember; token: string }> {
    const claims = await tokens.verify(token);
    if (claims?.typ !== 'user') throw unauthorized();
    const [user] = await db.select().from(users).where(eq(users.id, claims.sub));
    if (!user || user.tokenVersion !== claims.ver) throw unauthorized();
    if (user.status !== 'active') throw new AppError(401, 'account_inactive');
    const membership = await findMembership(database, workspaceId, user.id);
    if (!membership) throw forbidden('not_a_member');
    if (!membership.member.active) throw forbidden('member_inactive');
    return { workspace: toWorkspaceMemberDto(membership, user), token: await issue(user, workspaceId) };
  }

  async function register(body: RegisterBody, ip: string): Promise<void> {
    await ctx.abuseLimits.hit('register', ip, body.email);
    const [taken] = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        or(eq(sql`lower(${users.username})`, lower(body.username)), eq(sql`lower(${users.email})`, lower(body.email))),
      );
    if (taken) {
      const field = lower(taken.username) === lower(body.username) ? 'username' : 'email';
      throw new AppError(
        409,
        field === 'username' ? 'username_taken' : 'email_taken',
        {},
        {
          [field]: { key: field === 'username' ? 'username_taken' : 'email_taken' },
        },
      );
    }
    const [user] = await db
      .insert(users)
      .values({
        username: body.username,
        displayName: body.display_name,
        email: body.email,
        passwordHash: await hashPassword(body.password),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw conflict('username_taken');
    await mails.verifyEmail(user);
  }

  async function verifyEmail(token: string): Promise<void> {
    const userId = await ctx.oneTimeTokens.consume('verify_email', 'user', token);
    await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async function forgotPassword(email: string, ip: string): Promise<void> {
    await ctx.abuseLimits.hit('forgot_password', ip, email);
    await requestLink('reset_password', email);
  }

  /** `login` is an address, or a username typed on the sign-in page; limited per IP and per name typed. */
  async function resendVerification(login: string, ip: string): Promise<void> {
    await ctx.abuseLimits.hit('resend_verification', ip, login);
    await requestLink('verify_email', login);
  }

  async function resetPassword(token: string, password: string): Promise<void> {
    const userId = await ctx.oneTimeTokens.consume('reset_password', 'user', token);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ passwordHash, emailVerified: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (updated) await revokeTokens(ctx.events, tx, 'user', updated);
    });
  }

  /** Changes the password and revokes every other session; answers a fresh token for this one. */
  async function changePassword(
    user: UserRow,
    passwords: { old: string; new: string },
    workspaceId: string | null,
    ip: string,
  ) {
    await ctx.abuseLimits.hit('change_password', ip, user.id);
    const { old: oldPassword, new: newPassword } = passwords;
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new AppError(400, 'old_password_incorrect', {}, { old_password: { key: 'old_password_incorrect' } });
    }
    const passwordHash = await hashPassword(newPassword);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await revokeTokens(ctx.events, tx, 'user', row!);
      return row!;
    });
    return issue(updated, workspaceId ?? undefined);
  }

  async function logout(user: UserRow): Promise<void> {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, user.id))
        .returning();
      if (updated) await revokeTokens(ctx.events, tx, 'user', updated);
    });
  }

  return {
    login,
    googleLogin,
    refreshForWorkspace,
    register,
    verifyEmail,
    forgotPassword,
    resendVerification,
    resetPassword,
    changePassword,
    logout,
  };
}

async function freeUsername(tx: Pick<AppContext['database']['db'], 'select'>, base: string): Promise<string> {
  const clean = base.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 50) || 'user';
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? clean : `${clean}${Math.floor(Math.random() * 10_000)}`;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, lower(candidate)));
    if (!taken) return candidate;
  }
  throw badRequest('unknown_error_occurred');
}
