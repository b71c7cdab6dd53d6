/**
 * Plain lines for the person watching an interactive terminal: the first admin's password and the links of mail
 * that could not be sent stay findable among the JSON log lines. Logs stay JSON (for machines) either way; when
 * stdout is not a terminal (a container, a pipe, a log collector) nothing extra is written.
 */
export interface NoticeOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

let output: NoticeOutput = process.stdout;

/** Where notices go (tests give a fake terminal); returns the previous output. */
export function setNoticeOutput(next: NoticeOutput): NoticeOutput {
  const previous = output;
  output = next;
  return previous;
}

/** Writes `lines` as one framed block when the output is a terminal; answers whether it did. */
export function noticeToPerson(lines: string[]): boolean {
  if (!output.isTTY || lines.length === 0) return false;
  const rule = '-'.repeat(Math.min(72, Math.max(...lines.map((line) => line.length))));
  output.write(`\n${rule}\n${lines.join('\n')}\n${rule}\n\n`);
  return true;
}

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** The links a mail's text carries, in order, without repeats. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

/** "Mail to a@b.c: <subject>" and each of its links, for a mail the server could not send (no SMTP configured). */
export function noticeUnsentMail(mail: { to: string; subject: string; text: string }): boolean {
  const links = linksOf(mail.text);
  return noticeToPerson([
    `Mail to ${mail.to} (not sent: no SMTP server configured): ${mail.subject}`,
    ...links.map((link) => `  ${link}`),
  ]);
}

/** The first admin's sign-in, printed once when the password was generated. */
export function noticeFirstAdmin(admin: { username: string; password: string; signInUrl: string }): boolean {
  return noticeToPerson([
    `First admin: ${admin.username} / password: ${admin.password}`,
    `  sign in at ${admin.signInUrl} (the password is shown only this once; change it after signing in)`,
  ]);
}
