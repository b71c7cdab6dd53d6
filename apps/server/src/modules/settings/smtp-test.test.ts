import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createOwner, loginAdmin } from '../../../test/fixtures.ts';
import { bearer, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { createSecretBox } from '../../platform/secrets/secret-box.ts';
import { createSettingsService } from './settings.service.ts';

interface Received {
  from: string;
  to: string[];
  body: string;
}

/** A real SMTP server on 127.0.0.1 that accepts `user`/`pass` (when given) and keeps what it receives. */
async function startSmtp(credentials?: { user: string; pass: string }) {
  const received: Received[] = [];
  const logins: { user: string; pass: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let superToken: string;
let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
beforeEach(async () => {
  t = await createTestApp();
  superToken = await loginAdmin(t, (await createAdmin(t, { isSuper: true })).username);
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  await t.close();
});

const configure = (settings: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/system-setting',
    headers: bearer(superToken),
    payload: { settings: Object.entries(settings).map(([key, value]) => ({ key, value })) },
  });
const sendTest = (token: string, to: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/system-setting/smtp/test',
    headers: bearer(token),
    payload: { to },
  });

describe('SMTP test e-mail', () => {
  it("sends through the configured server with the stored password and answers the server's reply", async () => {
    smtp = await startSmtp({ user: 'mailer', pass: 's3cret pass' });
    await configure({
      'smtp.host': '127.0.0.1',
      'smtp.port': String(smtp.port),
      'smtp.security': 'none',
      'smtp.user': 'mailer',
      'smtp.password': 's3cret pass',
      'smtp.sender': 'Acme <noreply@acme.test>',
    });
    const response = await sendTest(superToken, 'ops@example.com');
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data.response).toMatch(/^250 /);
    expect(smtp.logins).toEqual([{ user: 'mailer', pass: 's3cret pass' }]);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'noreply@acme.test', to: ['ops@example.com'] });
    expect(smtp.received[0]?.body).toContain('SMTP test');
  });

  it("answers a 400 with the server's error when authentication fails or nobody listens", async () => {
    smtp = await startSmtp({ user: 'mailer', pass: 'right password' });
    await configure({
      'smtp.host': '127.0.0.1',
      'smtp.port': String(smtp.port),
      'smtp.security': 'none',
      'smtp.user': 'mailer',
      'smtp.password': 'wrong password',
    });
    const refused = await sendTest(superToken, 'ops@example.com');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error).toMatch(/^the SMTP server refused the test e-mail: .*Invalid username or password/);
    expect(smtp.received).toEqual([]);

    const port = smtp.port;
    await smtp.close();
    smtp = undefined;
    await configure({ 'smtp.port': String(port) });
    const down = await sendTest(superToken, 'ops@example.com');
    expect(down.statusCode).toBe(400);
    expect(json(down).error).toMatch(/ECONNREFUSED/);
  });

  it('says so when no SMTP server is configured, and validates the address', async () => {
    const none = await sendTest(superToken, 'ops@example.com');
    expect(none.statusCode).toBe(400);
    expect(json(none).error).toBe('no SMTP server is configured');
    const bad = await sendTest(superToken, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields).toEqual({ to: 'invalid email format' });
  });

  it('is refused to admins without the admin flag, organization users and anonymous callers', async () => {
    smtp = await startSmtp();
    await configure({ 'smtp.host': '127.0.0.1', 'smtp.port': String(smtp.port), 'smtp.security': 'none' });
    const plain = await loginAdmin(
      t,
      (await createAdmin(t, { permissions: ['system_admin_management_write'] })).username,
    );
    const owner = await createOwner(t);
    for (const token of [plain, owner.token, owner.userToken]) {
      expect((await sendTest(token, 'ops@example.com')).statusCode).toBe(403);
    }
    expect((await sendTest('', 'ops@example.com')).statusCode).toBe(401);
    expect(smtp.received).toEqual([]);
  });

  it('gives the mailer the decrypted SMTP password', async () => {
    smtp = await startSmtp({ user: 'mailer', pass: 'decrypted please' });
    await configure({
      'smtp.host': '127.0.0.1',
      'smtp.port': String(smtp.port),
      'smtp.security': 'none',
      'smtp.user': 'mailer',
      'smtp.password': 'decrypted please',
    });
    const settings = createSettingsService(t.database, createSecretBox(t.config.SECRETS_KEY!));
    const log = { info() {}, warn() {}, error() {} };
    await createMailer(settings, log as never).send({ to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
    expect(smtp.logins).toEqual([{ user: 'mailer', pass: 'decrypted please' }]);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['someone@example.com']]);
  });
});
