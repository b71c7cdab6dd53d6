import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { noticeUnsentMail } from '../console/person-notice.ts';
import type { Tx } from '../db/database.ts';
import type { SettingsReader } from '../settings/settings-reader.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** A file sent with a mail: named by its key in the file storage, read when the mail leaves (never in the queue). */
export interface MailAttachment {
  filename: string;
  content_type: string;
  storage_key: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface SendOptions {
  /** the caller's transaction: a queued mail exists exactly when the caller's change commits */
  tx?: Tx;
}

export interface Mailer {
  send(mail: Mail, options?: SendOptions): Promise<void>;
}

/** An attachment's bytes are gone from the storage: sending the mail cannot succeed on a later attempt either. */
export class MailAttachmentMissing extends Error {
  readonly filename: string;
  constructor(filename: string) {
    super(`the attachment ${filename} is no longer in the file storage`);
    this.filename = filename;
  }
}

/** The attachments as nodemailer takes them: streams opened from the storage. */
async function openAttachments(storage: FileStorage | undefined, attachments: MailAttachment[] = []) {
  if (attachments.length && !storage) throw new Error('mail with attachments, but no file storage to read them from');
  const opened = [];
  for (const attachment of attachments) {
    const file = await storage!.open(attachment.storage_key);
    if (!file) throw new MailAttachmentMissing(attachment.filename);
    opened.push({ filename: attachment.filename, contentType: attachment.content_type, content: file.stream });
  }
  return opened;
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
export function createMailer(settings: SettingsReader, log: FastifyBaseLogger, storage?: FileStorage): Mailer {
  return {
    async send(mail) {
      const smtp = await smtpTransport(settings);
      if (!smtp) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, attachments: mail.attachments?.map((a) => a.filename) } },
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
        attachments: await openAttachments(storage, mail.attachments),
      });
    },
  };
}
