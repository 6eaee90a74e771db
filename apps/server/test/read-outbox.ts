import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes the quoted-printable soft breaks nodemailer uses for long lines. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every .eml in DATA_DIR/mail addressed to `email`, decoded, oldest first. */
export async function readOutbox(dataDir: string, email: string): Promise<string[]> {
  const mailDir = path.join(dataDir, 'mail');
  const files = (await readdir(mailDir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const mails = await Promise.all(
    files.map(async (file) =>
      decodeQuotedPrintable(await readFile(path.join(mailDir, file), 'utf8')),
    ),
  );
  return mails.filter((raw) => raw.includes(`To: ${email}`));
}

/**
 * The newest link matching `pattern` in a mail to `email`, waiting for it: some mail (the password
 * reset) leaves after the request that asked for it has been answered.
 */
export async function waitForMailedLink(
  dataDir: string,
  email: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const raw of (await readOutbox(dataDir, email)).reverse()) {
      const link = pattern.exec(raw)?.[0];
      if (link) return new URL(link);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} with ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
