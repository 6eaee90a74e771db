import type { Logger } from '../../lib/create-logger';
import { escapeHtml } from '../../lib/escape-html';
import type { Mailer } from '../mail/create-mailer';

export interface AccountMail {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

/** The sign-up confirmation: the account can sign in once this link is opened. */
export const VERIFY_EMAIL_MAIL: AccountMail = {
  subject: 'Confirm your email address for Nocturne',
  intro: 'Welcome to Nocturne!',
  action: 'Confirm your email address',
  outro: 'If you did not create an account, you can ignore this message.',
};

/** The new-address confirmation: the change takes effect only when this link is opened. */
export const CHANGE_EMAIL_MAIL: AccountMail = {
  subject: 'Confirm your new email address for Nocturne',
  intro: 'You asked to use this address for your Nocturne account.',
  action: 'Confirm your new email address',
  outro: 'If you did not ask for this, ignore this message; your account keeps its old address.',
};

export const RESET_PASSWORD_MAIL: AccountMail = {
  subject: 'Reset your Nocturne password',
  intro: 'Someone asked to reset the password of your Nocturne account.',
  action: 'Choose a new password',
  outro: 'If it was not you, ignore this message; your password stays as it is.',
};

/**
 * Every account mail (confirmation, new address, password reset). Without SMTP (offline
 * development, mail written to files) the link is logged on purpose so a developer can click it
 * from the console; with SMTP it is not: each link is a single-use token, and a token has no place
 * in production logs.
 */
export async function sendAccountMail(options: {
  mailer: Mailer;
  logger: Logger;
  to: string;
  url: string;
  mail: AccountMail;
}): Promise<void> {
  const { mailer, logger, to, url, mail } = options;
  const href = escapeHtml(url);
  await mailer.sendMail({
    to,
    subject: mail.subject,
    text: [mail.intro, '', `${mail.action}:`, url, '', mail.outro].join('\n'),
    html: `<p>${mail.intro}</p><p><a href="${href}">${mail.action}</a></p><p>${mail.outro}</p>`,
  });
  if (mailer.outboxDir)
    logger.info({ to, accountMailUrl: url }, `${mail.subject} for ${to}: ${url}`);
  else logger.info({ to, subject: mail.subject }, 'account mail sent');
}
