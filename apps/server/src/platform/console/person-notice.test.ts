import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';
import { linksOf, noticeFirstAdmin, noticeUnsentMail, setNoticeOutput } from './person-notice.ts';

const fakeOutput = (isTTY: boolean) => {
  const written: string[] = [];
  return { isTTY, write: (text: string) => written.push(text), written, text: () => written.join('') };
};

let restore: ReturnType<typeof setNoticeOutput> | undefined;
afterEach(() => {
  if (restore) setNoticeOutput(restore);
  restore = undefined;
});

describe('plain lines for a person at a terminal', () => {
  it('prints the first admin and the password as one readable line on a terminal', () => {
    const out = fakeOutput(true);
    restore = setNoticeOutput(out);
    expect(
      noticeFirstAdmin({ username: 'admin', password: 's3cret', signInUrl: 'http://localhost:3300/auth/admin/login' }),
    ).toBe(true);
    const lines = out.text().split('\n');
    expect(lines).toContain('First admin: admin / password: s3cret');
    expect(out.text()).toContain('http://localhost:3300/auth/admin/login');
    expect(out.text()).not.toContain('{');
  });

  it('prints nothing when stdout is not a terminal (logs stay JSON only)', () => {
    const out = fakeOutput(false);
    restore = setNoticeOutput(out);
    expect(noticeFirstAdmin({ username: 'admin', password: 's3cret', signInUrl: 'http://x/auth/admin/login' })).toBe(
      false,
    );
    expect(noticeUnsentMail({ to: 'a@b.c', subject: 'Hi', text: 'https://x/y' })).toBe(false);
    expect(out.written).toEqual([]);
  });

  it('prints the recipient, subject and each link of a mail', () => {
    const out = fakeOutput(true);
    restore = setNoticeOutput(out);
    noticeUnsentMail({
      to: 'mei@example.com',
      subject: 'Verify your account',
      text: 'Hello,\nopen https://chat.example.com/auth/verify?token=abc123 to verify.\nThanks',
    });
    const lines = out.text().split('\n');
    expect(lines).toContain('Mail to mei@example.com (not sent: no SMTP server configured): Verify your account');
    expect(lines).toContain('  https://chat.example.com/auth/verify?token=abc123');
  });

  it('finds links in a text once each, without trailing punctuation of the sentence', () => {
    expect(linksOf('a https://x.io/a?b=1 and (https://x.io/c) https://x.io/a?b=1')).toEqual([
      'https://x.io/a?b=1',
      'https://x.io/c',
    ]);
  });

  it('the mailer without SMTP logs the mail and prints its link on a terminal', async () => {
    const out = fakeOutput(true);
    restore = setNoticeOutput(out);
    const settings = { values: async () => ({ 'smtp.host': '' }) } as unknown as SettingsReader;
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), warn() {}, error() {} };
    await createMailer(settings, log as never).send({
      to: 'new@example.com',
      subject: 'Join Acme',
      text: 'You were invited: http://localhost:3000/auth/join?token=t0k',
    });
    expect(logged).toHaveLength(1);
    expect(out.text()).toContain('Mail to new@example.com');
    expect(out.text()).toContain('http://localhost:3000/auth/join?token=t0k');
  });
});
