import { z } from 'zod';
import { defineJob, type JobContext } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';

const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  /** files by their storage key (added in place: older payloads have none) */
  attachments: z
    .array(z.object({ filename: z.string(), content_type: z.string(), storage_key: z.string() }))
    .optional(),
});

/**
 * Mail leaves through the durable job queue: the request that asked for it succeeds at once, and a delivery
 * that fails (SMTP server down, refused) is retried with backoff instead of failing sign-up or an invitation.
 */
const sendMail = defineJob({
  name: 'mail.send',
  version: 1,
  payload: mailPayload,
  maxAttempts: 8,
  /** `job.app`: the mailer that delivers (SMTP, or the log) */
  handle: (mail, job: JobContext<Mailer>) => job.app.send(mail),
  // mails carry live reset, verification and invitation links: only the envelope stays once sent
  keepWhenFinished: ({ to, subject }) => ({ to, subject }),
});

export function createQueuedMailer(jobs: JobQueue, delivery: Mailer): Mailer {
  jobs.define(sendMail, delivery);
  return mailQueue(jobs);
}

/** Sends into a queue whose `mail.send` is already defined (by createQueuedMailer): the app's own mail queue. */
export function mailQueue(jobs: JobQueue): Mailer {
  return {
    async send(mail, options = {}) {
      await jobs.enqueue(sendMail, mail, { tx: options.tx });
    },
  };
}
