import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { noticeUnsentMail } from '../console/person-notice.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A transport and sender from the SMTP system settings, or null when no SMTP host is configured. */
export async function smtpTransport(settings: SettingsReader, timeouts: { ms?: number } = {}) {
  const smtp = await settings.values([
    'smtp.host',
    'smtp.port',
    'smtp.security',
    'smtp.user',
    'smtp.password',
    'smtp.sender',
    'system.name',
  ]);
  if (!smtp['smtp.host']) return null;
  const transport = nodemailer.createTransport({
    host: smtp['smtp.host'],
    port: Number(smtp['smtp.port']) || 587,
    secure: smtp['smtp.security'] === 'ssl',
    requireTLS: smtp['smtp.security'] === 'starttls',
    ignoreTLS: smtp['smtp.security'] === 'none',
    auth: smtp['smtp.user'] ? { user: smtp['smtp.user'], pass: smtp['smtp.password'] } : undefined,
    ...(timeouts.ms
      ? { connectionTimeout: timeouts.ms, greetingTimeout: timeouts.ms, socketTimeout: timeouts.ms }
      : {}),
  });
  const from = smtp['smtp.sender'] || `${smtp['system.name']} <no-reply@${smtp['smtp.host']}>`;
  return { transport, from, systemName: smtp['system.name'] };
}

/**
 * Sends a test e-mail with the current SMTP settings and answers the server's reply ("250 OK …"); throws
 * nodemailer's error (connection refused, authentication failed, …) otherwise. Null when SMTP is not configured.
 */
export async function sendSmtpTest(settings: SettingsReader, to: string): Promise<string | null> {
  const smtp = await smtpTransport(settings, { ms: 15_000 });
  if (!smtp) return null;
  try {
    const info = await smtp.transport.sendMail({
      from: smtp.from,
      to,
      subject: `${smtp.systemName} SMTP test`,
      text: `This is a test e-mail from ${smtp.systemName}. The SMTP settings work.`,
    });
    return String(info.response ?? '');
  } finally {
    smtp.transport.close();
  }
}

/**
 * Sends through the SMTP server of the system settings. With no SMTP host configured the mail, links and all,
 * is written to the log (and its links, on an interactive terminal, as plain lines) so a newcomer can still finish
 * sign-up or a password reset.
 */
export function createMailer(settings: SettingsReader, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      const smtp = await smtpTransport(settings);
      if (!smtp) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail not sent (no SMTP server configured):\n${mail.text}`,
        );
        noticeUnsentMail(mail);
        return;
      }
      await smtp.transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
