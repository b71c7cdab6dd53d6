import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { systemAdmins } from '../../platform/identity/admins.tables.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { defineJob } from '../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../platform/modules/define-module.ts';
import { authMails } from './mails.ts';

const payload = z.object({
  link: z.enum(['reset_password', 'verify_email']),
  subject: z.enum(['user', 'admin']),
  /** the address typed; a user's verification request may name the username instead (the sign-in page's resend) */
  email: z.string().max(320),
});
type LinkRequest = z.infer<typeof payload>;

const lowerEmail = (email: string) => email.trim().toLowerCase();

/** Looks the address up and mails the link when an account answers to it. */
async function send(ctx: AppContext, subject: LinkRequest['subject'], { link, email }: LinkRequest) {
  const mails = authMails(ctx);
  if (subject === 'admin') {
    const [admin] = await ctx.database.db
      .select()
      .from(systemAdmins)
      .where(and(eq(sql`lower(${systemAdmins.email})`, lowerEmail(email)), eq(systemAdmins.status, 'active')));
    if (admin && link === 'reset_password') await mails.resetPassword('admin', admin);
    return;
  }
  const typed = lowerEmail(email);
  const named =
    link === 'verify_email'
      ? or(eq(sql`lower(${users.email})`, typed), eq(sql`lower(${users.username})`, typed))
      : eq(sql`lower(${users.email})`, typed);
  const [user] = await ctx.database.db
    .select()
    .from(users)
    .where(and(named, eq(users.status, 'active')));
  if (!user) return;
  if (link === 'reset_password') await mails.resetPassword('user', user);
  else if (!user.emailVerified) await mails.verifyEmail(user);
}

const linkRequestJob = (subject: LinkRequest['subject']) =>
  defineJob({
    name: `auth.${subject}-link-request`,
    version: 1,
    payload,
    handle: (request, job: AppJob) => send(job.app, subject, request),
  });

/** The look-up and mail of a user's and of a system admin's link request. */
export const linkRequestJobs = { user: linkRequestJob('user'), admin: linkRequestJob('admin') };

/**
 * "Mail me a link" requests (forgot password, resend verification) answer at once with the same words whether
 * or not the address has an account: the look-up and the mail happen in a job, so neither the answer nor its
 * timing tells an address that exists from one that does not.
 */
export function createLinkRequests(ctx: AppContext, subject: LinkRequest['subject']) {
  return (link: LinkRequest['link'], email: string) =>
    ctx.jobs.enqueue(linkRequestJobs[subject], { link, subject, email }).then(() => {});
}
