import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/create-mailer';
import { sendVerificationMail } from './send-verification-mail';

const URL_WITH_TOKEN = 'http://localhost:3000/api/auth/verify-email?token=secret-token-123';

async function logged(outboxDir: string | undefined): Promise<string> {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const mailer: Mailer = { outboxDir, sendMail: async () => undefined };
  await sendVerificationMail({ mailer, logger, to: 'a@example.com', url: URL_WITH_TOKEN });
  return lines.join('');
}

describe('verification mail', () => {
  it('logs the link for a developer whose mail goes to files', async () => {
    expect(await logged('/tmp/mail')).toContain('secret-token-123');
  });

  it('never logs the token when SMTP delivers the mail', async () => {
    const output = await logged(undefined);
    expect(output).toContain('verification mail sent');
    expect(output).not.toContain('secret-token-123');
  });
});
