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
