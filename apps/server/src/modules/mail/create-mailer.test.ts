import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';

const LINK =
  'http://localhost:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20iLCJpYXQiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg&callbackURL=%2Fdashboard';

describe('the file mailer (no SMTP_URL)', () => {
  let dataDir: string;
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  async function writeOneMail(text: string, html?: string) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-mail-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Nocturne <no-reply@example.com>',
      dataDir,
      logger: pino({ level: 'silent' }),
    });
    await mailer.sendMail({ to: 'a@example.com', subject: 'Vérify your email', text, html });
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    return readFile(path.join(dataDir, 'mail', files.join('')), 'utf8');
  }

  it('keeps a long link whole on one line, in the text and the HTML part', async () => {
    const eml = await writeOneMail(
      `Welcome, Zoë.\n\nVerify your email:\n${LINK}\n\nSee you soon.`,
      `<p>Welcome, Zoë.</p><p><a href="${LINK}">Verify your email</a></p>`,
    );
    const lines = eml.split(/\r?\n/);
    expect(lines).toContain(LINK);
    expect(lines).toContain(`<p>Welcome, Zoë.</p><p><a href="${LINK}">Verify your email</a></p>`);
    expect(eml).not.toMatch(/quoted-printable/i);
    expect(eml).toMatch(/^To: a@example\.com$/m);
  });

  it('lets nodemailer encode a body whose line is too long for 8bit', async () => {
    const eml = await writeOneMail(`A line of ${'x'.repeat(1200)}`);
    expect(eml.split(/\r?\n/).every((line) => line.length <= 998)).toBe(true);
  });
});
