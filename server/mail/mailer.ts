/**
 * Outgoing e-mail. With SMTP_URL, messages go to that SMTP server; without
 * it (a fresh install, a laptop), each message is written as an .eml file
 * under DATA_DIR/mail and its path is logged, so nothing is silently lost
 * and the operator can open it in any mail client.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Where the recipient's answer goes (the sender is a no-reply address): the company's e-mail for a quotation. */
  replyTo?: string;
};
export type MailReceipt = { messageId: string /** Where the message was written, in file mode. */; file?: string };

export type Mailer = {
  send(message: MailMessage): Promise<MailReceipt>;
};

type MailLog = { info(obj: object, message: string): void };

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
  };
}

export function createFileMailer(folder: string, from: string, log?: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeId = info.messageId.replace(/[^a-zA-Z0-9-]/g, '').slice(0, 40);
      const file = join(folder, `${stamp}-${safeId}.eml`);
      await writeFile(file, info.message as Buffer);
      log?.info({ file, to: message.to, subject: message.subject }, 'e-mail written to file (no SMTP_URL)');
      return { messageId: info.messageId, file };
    },
  };
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log?: MailLog }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createFileMailer(join(options.dataDir, 'mail'), options.from, options.log);
}
