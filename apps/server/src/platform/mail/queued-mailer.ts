import { z } from 'zod';
import { defineJob } from '../jobs/job-definition.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';

const mailPayload = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
});

/**
 * Mail leaves through the durable job queue: the request that asked for it succeeds at once, and a delivery
 * that fails (SMTP server down, refused) is retried with backoff instead of failing sign-up or an invitation.
 */
export function createQueuedMailer(jobs: JobQueue, delivery: Mailer): Mailer {
  const sendMail = defineJob({
    name: 'mail.send',
    payload: mailPayload,
    maxAttempts: 8,
    handle: (mail) => delivery.send(mail),
    // mails carry live reset, verification and invitation links: only the envelope stays once sent
    keepWhenFinished: ({ to, subject }) => ({ to, subject }),
  });
  jobs.define(sendMail);
  return {
    async send(mail) {
      await jobs.enqueue(sendMail, mail);
    },
  };
}
