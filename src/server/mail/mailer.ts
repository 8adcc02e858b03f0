import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short name for the .eml file, e.g. "receipt-<order id>". */
  fileHint: string;
};

export type SentMail = { messageId: string; file?: string };

export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
};

/**
 * A nodemailer transport made on the first message: the library loads then, not at start-up
 * (decision 208). `close` closes it if it was made.
 */
function lazyTransport(options: Record<string, unknown>): { get: () => Promise<Transporter>; close: () => void } {
  let made: Transporter | undefined;
  let making: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get: () => {
      making ??= import('nodemailer').then(({ default: nodemailer }) => {
        made = nodemailer.createTransport(options);
        if (closed) made.close();
        return made;
      });
      return making;
    },
    close: () => {
      closed = true;
      made?.close();
    },
  };
}

/**
 * SMTP when SMTP_URL is set: one nodemailer transport for the app, which opens a connection per
 * message (a few per order, so nothing to keep open between them) unless the URL asks for pooled
 * connections with `?pool=true`. Otherwise every message is built by the same library and written
 * as an .eml file under DATA_DIR/outbox/, and logged, so an embedded install shows what it would
 * have sent.
 */
export function createMailer(
  mail: Pick<Config['mail'], 'smtpUrl' | 'from' | 'outboxDir' | 'smtpTimeoutMs'>,
  log: FastifyBaseLogger,
): Mailer {
  const envelope = (message: MailMessage) => ({
    from: mail.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
  if (mail.smtpUrl !== undefined) {
    // Bounded waits: a hanging server fails the attempt (it is retried later) instead of holding
    // the worker, whose claim on the row must not outlive the send.
    const transport = lazyTransport({
      url: mail.smtpUrl,
      connectionTimeout: mail.smtpTimeoutMs,
      greetingTimeout: mail.smtpTimeoutMs,
      socketTimeout: mail.smtpTimeoutMs,
    });
    return {
      kind: 'smtp',
      async send(message) {
        const info = await (await transport.get()).sendMail(envelope(message));
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent by SMTP');
        return { messageId: info.messageId };
      },
      close: transport.close,
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport.get()).sendMail(envelope(message));
      await mkdir(mail.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mail.outboxDir, `${stamp}-${message.fileHint.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`);
      await writeFile(file, info.message, { flag: 'wx' });
      log.info({ to: message.to, subject: message.subject, file }, 'e-mail written to the outbox (no SMTP_URL set)');
      return { messageId: info.messageId, file };
    },
    close: transport.close,
  };
}
