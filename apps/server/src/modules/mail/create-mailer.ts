import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../env';
import type { Logger } from '../../lib/create-logger';
import { eightBitPart } from './eight-bit-part';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  sendMail(message: MailMessage): Promise<void>;
  /** Where file mail lands; undefined when SMTP delivers. */
  readonly outboxDir: string | undefined;
}

export interface CreateMailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}

/**
 * SMTP when SMTP_URL is set; otherwise "offline development" mail: the full RFC 822 message is
 * built by nodemailer and written to DATA_DIR/mail/<timestamp>-<random>.eml for a person (or a
 * test) to open, its text parts 8bit so that each link stays whole on one line.
 */
export function createMailer(options: CreateMailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: undefined,
      async sendMail(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outboxDir = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    outboxDir,
    async sendMail(message) {
      const info = await transport.sendMail({
        from: options.from,
        ...message,
        text: eightBitPart('text/plain', message.text),
        html: message.html === undefined ? undefined : eightBitPart('text/html', message.html),
      });
      await mkdir(outboxDir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
      options.logger.info({ to: message.to, file: name }, `mail written: ${message.subject}`);
    },
  };
}

/** The mailer the settings describe (SMTP_URL, MAIL_FROM, DATA_DIR); API and worker alike. */
export function createMailerFromEnv(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  logger: Logger,
): Mailer {
  return createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    logger,
  });
}
