import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { SettingsService } from '../../modules/settings/settings.service.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through the SMTP server of the system settings. With no SMTP host configured the mail, links and all,
 * is written to the log so a newcomer can still finish sign-up or a password reset.
 */
export function createMailer(settings: SettingsService, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      const smtp = await settings.values([
        'smtp.host',
        'smtp.port',
        'smtp.security',
        'smtp.user',
        'smtp.password',
        'smtp.sender',
        'system.name',
      ]);
      if (!smtp['smtp.host']) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail not sent (no SMTP server configured):\n${mail.text}`,
        );
        return;
      }
      const transport = nodemailer.createTransport({
        host: smtp['smtp.host'],
        port: Number(smtp['smtp.port']) || 587,
        secure: smtp['smtp.security'] === 'ssl',
        requireTLS: smtp['smtp.security'] === 'starttls',
        ignoreTLS: smtp['smtp.security'] === 'none',
        auth: smtp['smtp.user'] ? { user: smtp['smtp.user'], pass: smtp['smtp.password'] } : undefined,
      });
      const from = smtp['smtp.sender'] || `${smtp['system.name']} <no-reply@${smtp['smtp.host']}>`;
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
