import { translate } from '@omnichat/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../platform/identity/users.tables.ts';
import { defineJob } from '../../platform/jobs/job-definition.ts';
import type { AppJob } from '../../platform/modules/define-module.ts';
import { notificationPreferences, notifications } from './notifications.tables.ts';
import type { Delivery } from './notifier.ts';
import { toNotificationDto, wordsOf } from './notifier.ts';

const linkOf = (ctx: AppContext, url: string | null) => `${ctx.config.publicUrl}${url ?? '/app/dashboard'}`;

/** The daily mail of the day's notifications to those who chose the digest. */
async function sendDigest(ctx: AppContext) {
  const link = (url: string | null) => linkOf(ctx, url);
  const readers = await ctx.database.unsafeCrossTenant('the daily digest finds who chose it', (tx) =>
    tx
      .select({ workspaceId: notificationPreferences.workspaceId, userId: notificationPreferences.userId })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.emailMode, 'digest')),
  );
  for (const reader of readers)
    await ctx.database.withWorkspace(reader.workspaceId, async (tx) => {
      const [preference] = await tx
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, reader.userId));
      const rows = await tx
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, reader.userId), gte(notifications.createdAt, sql`now() - interval '1 day'`)),
        );
      const wanted = rows.filter((row) => preference?.channels[row.type]?.email ?? true);
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, reader.userId));
      if (!wanted.length || !user) return;
      const locale = preference?.locale === 'zh-hk' || preference?.locale === 'zh-cn' ? preference.locale : 'en';
      const lines = wanted.map((row) => {
        const shown = toNotificationDto(row, locale);
        return `• ${shown.title}\n  ${shown.content}\n  ${link(row.url)}`;
      });
      await ctx.mailer.send({
        to: user.email,
        subject: translate('notification_digest_subject', locale),
        text: lines.join('\n\n'),
      });
    });
}

/** Read and old notifications removed after the days the system notification settings say. */
async function removeOld(ctx: AppContext) {
  const settings = await ctx.settings.values([
    'notification.read.remove_after_days',
    'notification.any.remove_after_days',
  ]);
  const days = (value: string) => (/^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);
  const read = days(settings['notification.read.remove_after_days']);
  const any = days(settings['notification.any.remove_after_days']);
  await ctx.database.unsafeCrossTenant('notification retention removes old notifications of every user', async (tx) => {
    if (read !== null)
      await tx
        .delete(notifications)
        .where(
          and(eq(notifications.read, true), sql`${notifications.createdAt} < now() - make_interval(days => ${read})`),
        );
    if (any !== null)
      await tx.delete(notifications).where(sql`${notifications.createdAt} < now() - make_interval(days => ${any})`);
  });
}

export const notificationDigestJob = defineJob({
  name: 'notifications.digest',
  version: 1,
  queue: 'mail',
  payload: z.object({}),
  cron: '0 8 * * *',
  handle: (_payload, job: AppJob) => sendDigest(job.app),
});

export const notificationRetentionJob = defineJob({
  name: 'notifications.retention',
  version: 1,
  queue: 'default',
  payload: z.object({}),
  cron: '30 3 * * *',
  handle: (_payload, job: AppJob) => removeOld(job.app),
});

/**
 * What reaches a recipient outside the app once a notification is stored: an e-mail at once (their language, a
 * link to the page) unless they chose the daily digest, and a web push to their browsers. The digest goes out once
 * a day with the day's notifications of those who chose it (`notificationDigestJob`).
 */
export function notificationDelivery(
  ctx: AppContext,
  push: (userId: string, title: string, body: string, url: string) => Promise<unknown>,
) {
  const link = (url: string | null) => linkOf(ctx, url);

  /** After a notification is stored: e-mail (unless digest) and push, each as the recipient chose. */
  return (_workspaceId: string, deliveries: Delivery[]) => {
    for (const { event, count, user, locale, channels, emailMode } of deliveries) {
      const { title, content } = wordsOf(event.type, event.params, locale, count);
      if (channels.email && emailMode === 'immediate')
        void ctx.mailer
          .send({ to: user.email, subject: title, text: `${content}\n\n${link(event.url)}` })
          .catch(() => undefined);
      if (channels.push) void push(user.id, title, content, event.url ?? '/app/dashboard').catch(() => undefined);
    }
  };
}
