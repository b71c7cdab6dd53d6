import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSmtpServer } from '../../../test/fixtures.ts';
import { freePort } from '../../../test/server-process.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { jobs } from '../jobs/jobs.tables.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { realMailer: true });
});
afterEach(() => t.close());

describe('mail through the job queue', () => {
  it('lets sign-up succeed while the SMTP server is down, and delivers once it is back', async () => {
    const port = await freePort();
    await useSmtpServer(t, port);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/public/v1/auth/register',
      payload: {
        username: 'queued',
        display_name: 'Queued',
        email: 'queued@example.com',
        password: 'queued password',
        confirm_password: 'queued password',
      },
    });
    expect(signup.statusCode).toBe(200);
    expect(json(signup).data.message).toBe('account created, check your e-mail to verify it');

    t.app.log.level = 'silent';
    await t.app.jobs.drain(); // the first delivery fails: nothing listens yet

    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      t.clock.advance(10_001); // the first retry is due after 10 s
      await t.app.jobs.drain();
      expect(received).toEqual(['queued@example.com']);
      // the live verification link is not kept in the jobs table once the mail is sent
      const rows = await t.database.unsafeCrossTenant('test reads the jobs table', (tx) =>
        tx.select().from(jobs).where(eq(jobs.name, 'mail.send')),
      );
      expect(rows.map((row) => [row.status, row.payload])).toEqual([
        ['done', { to: 'queued@example.com', subject: expect.stringContaining('Verify') }],
      ]);
      expect(JSON.stringify(rows)).not.toContain('/auth/verify');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
