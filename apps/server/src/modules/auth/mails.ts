import type { AppContext } from '../../context.ts';

/** The e-mails of the sign-up and password flows; links point at the web app's pages. */
export function authMails(ctx: AppContext) {
  const link = (route: string, token: string) => `${ctx.config.publicUrl}${route}?token=${encodeURIComponent(token)}`;
  const systemName = async () => (await ctx.settings.values(['system.name']))['system.name'];

  return {
    async verifyEmail(user: { id: string; email: string; displayName: string }) {
      const token = await ctx.oneTimeTokens.issue('verify_email', 'user', user.id);
      const url = link('/auth/verify', token);
      const name = await systemName();
      await ctx.mailer.send({
        to: user.email,
        subject: `Verify your e-mail address for ${name}`,
        text: `Hello ${user.displayName},\n\nOpen this link to verify your e-mail address:\n${url}\n\nThe link works for 48 hours.`,
      });
    },
    async resetPassword(kind: 'user' | 'admin', subject: { id: string; email: string; displayName: string }) {
      const token = await ctx.oneTimeTokens.issue('reset_password', kind, subject.id);
      const url = link(kind === 'admin' ? '/auth/admin/reset-password' : '/auth/reset-password', token);
      const name = await systemName();
      await ctx.mailer.send({
        to: subject.email,
        subject: `Reset your ${name} password`,
        text: `Hello ${subject.displayName},\n\nOpen this link to choose a new password:\n${url}\n\nThe link works for one hour. If you did not ask for it, ignore this e-mail.`,
      });
    },
  };
}
