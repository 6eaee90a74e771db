import type { Logger } from '../../lib/create-logger';
import type { Mailer } from '../mail/create-mailer';

/**
 * The sign-up confirmation mail. Without SMTP (offline development, mail written to files) the link
 * is logged on purpose so a developer can click it from the console; with SMTP it is not: a token
 * has no place in production logs.
 */
export async function sendVerificationMail(options: {
  mailer: Mailer;
  logger: Logger;
  to: string;
  url: string;
}): Promise<void> {
  const { mailer, logger, to, url } = options;
  const href = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  await mailer.sendMail({
    to,
    subject: 'Confirm your email address for Nocturne',
    text: [
      'Welcome to Nocturne!',
      '',
      'Confirm your email address by opening this link:',
      url,
      '',
      'If you did not create an account, you can ignore this message.',
    ].join('\n'),
    html: `<p>Welcome to Nocturne!</p><p><a href="${href}">Confirm your email address</a></p><p>If you did not create an account, you can ignore this message.</p>`,
  });
  if (mailer.outboxDir) {
    logger.info({ to, verificationUrl: url }, `verification link for ${to}: ${url}`);
  } else {
    logger.info({ to }, 'verification mail sent');
  }
}
