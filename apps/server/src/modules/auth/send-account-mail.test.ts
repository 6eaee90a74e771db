import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/create-mailer';
import {
  CHANGE_EMAIL_MAIL,
  RESET_PASSWORD_MAIL,
  sendAccountMail,
  VERIFY_EMAIL_MAIL,
  type AccountMail,
} from './send-account-mail';

const URL_WITH_TOKEN = 'http://localhost:3000/api/auth/verify-email?token=secret-token-123';

async function logged(outboxDir: string | undefined, mail: AccountMail) {
  const lines: string[] = [];
  const sent: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const mailer: Mailer = {
    outboxDir,
    sendMail: async (message) => void sent.push(String(message.text)),
  };
  await sendAccountMail({ mailer, logger, to: 'a@example.com', url: URL_WITH_TOKEN, mail });
  return { log: lines.join(''), sent };
}

describe.each([
  ['sign-up confirmation', VERIFY_EMAIL_MAIL],
  ['new address confirmation', CHANGE_EMAIL_MAIL],
  ['password reset', RESET_PASSWORD_MAIL],
])('%s mail', (_name, mail) => {
  it('mails the link, and logs it for a developer whose mail goes to files', async () => {
    const { log, sent } = await logged('/tmp/mail', mail);
    expect(sent[0]).toContain('secret-token-123');
    expect(log).toContain('secret-token-123');
  });

  it('never logs the token when SMTP delivers the mail', async () => {
    const { log, sent } = await logged(undefined, mail);
    expect(sent[0]).toContain('secret-token-123');
    expect(log).toContain('account mail sent');
    expect(log).not.toContain('secret-token-123');
  });
});
