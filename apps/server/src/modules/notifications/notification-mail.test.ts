import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwner, useSmtpServer } from '../../../test/fixtures.ts';
import { joinAs } from '../../../test/members.ts';
import { freePort } from '../../../test/server-process.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let smtp: SMTPServer;
const received: { to: string[]; message: string }[] = [];
beforeEach(async () => {
  t = await createTestApp({}, { realMailer: true });
  received.length = 0;
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => {
        message += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), message });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  await useSmtpServer(t, port);
});
afterEach(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('notification e-mail', () => {
  it('reaches an SMTP server with the notification and a link to its page', async () => {
    const owner = await createOwner(t, 'Acme');
    const admin = await joinAs(t, owner.workspaceId, 'admin');
    await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/members/invite',
      headers: bearer(owner.token),
      payload: { email: 'amy@example.com', role: 'member' },
    });
    await t.app.jobs.drain();
    const invitation = received.find((mail) => mail.to.includes('amy@example.com'))!;
    const token = /auth\/join\?token=([\w-]+)/.exec(invitation.message.replace(/=\r?\n/g, ''))![1];
    await t.app.inject({
      method: 'POST',
      url: '/public/v1/workspace/invite/accept',
      payload: { token, account: { username: 'amy', display_name: 'Amy Chan', password: 'joining password' } },
    });
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const to = (email: string) =>
      received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => /Subject: (.*)/.exec(mail.message)?.[1]?.trim())
        .filter((subject) => subject?.includes('Amy Chan'));
    // the inviter hears of the join once, as their invitation accepted; the other admins as a member joining
    expect(to(owner.user.email)).toEqual(['Amy Chan accepted your invitation']);
    expect(to(admin.user.email)).toEqual(['Amy Chan joined Acme']);
    const toOwner = received.filter((mail) => mail.to.includes(owner.user.email)).map((mail) => mail.message);
    expect(toOwner.join('\n')).toContain('http://chat.test/app/organization/users');
  });
});
