import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** the raw message with quoted-printable soft breaks and escapes decoded, so links read whole */
  text: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    /** The first link to `route` in a mail to `to`, waiting for the mail to arrive. */
    async linkFor(to: string, route: string, timeoutMs = 15_000): Promise<string> {
      const pattern = new RegExp(`https?://\\S+${route.replaceAll('/', '\\/')}\\?token=[\\w-]+`);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = mails.findLast((m) => m.to.includes(to));
        const link = mail && pattern.exec(mail.text)?.[0];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no mail to ${to} with a ${route} link`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
