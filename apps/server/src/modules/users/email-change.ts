import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { type UserRow, users } from '../../platform/identity/users.tables.ts';

const lower = (value: string) => value.trim().toLowerCase();

/** Changing the e-mail address: the new address gets a link, and only opening it makes the change. */
export function createEmailChange(ctx: AppContext) {
  const db = ctx.database.db;

  async function assertFree(email: string, userId: string) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, lower(email)), ne(users.id, userId)));
    if (taken) throw new AppError(409, 'email_taken', {}, { email: { key: 'email_taken' } });
  }

  async function request(user: UserRow, email: string, password: string, ip: string): Promise<void> {
    await ctx.abuseLimits.hit('email_change', ip, user.id);
    if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('password', 'old_password_incorrect');
    if (lower(email) === lower(user.email)) throw fieldError('email', 'email_unchanged');
    await assertFree(email, user.id);
    await db.update(users).set({ pendingEmail: email.trim() }).where(eq(users.id, user.id));
    const token = await ctx.oneTimeTokens.issue('change_email', 'user', user.id);
    const link = `${ctx.config.publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: email,
      subject: 'Confirm your new e-mail address',
      text: `Hello ${user.displayName},\n\nOpen this link to make ${email} the e-mail address of your account:\n${link}\n\nThe link works for 24 hours. If you did not ask for it, ignore this e-mail.`,
    });
  }

  async function confirm(token: string): Promise<void> {
    const userId = await ctx.oneTimeTokens.consume('change_email', 'user', token);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user?.pendingEmail) throw new AppError(400, 'invalid_verification_token');
    await assertFree(user.pendingEmail, user.id);
    await db
      .update(users)
      .set({ email: user.pendingEmail, pendingEmail: null, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }

  return { request, confirm };
}
