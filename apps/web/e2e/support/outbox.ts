import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Decodes a quoted-printable body (soft line breaks and =XX escapes) as nodemailer writes it. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function findMailTo(email: string, dataDir: string): Promise<string | undefined> {
  const mailDir = path.join(dataDir, 'mail');
  const files = await readdir(mailDir).catch(() => [] as string[]);
  for (const file of files
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = await readFile(path.join(mailDir, file), 'utf8');
    if (raw.toLowerCase().includes(email.toLowerCase())) return decodeQuotedPrintable(raw);
  }
  return undefined;
}

/** Waits for the verification mail to `email` in the server's outbox and returns its link. */
export async function readVerificationLink(
  email: string,
  timeoutMs = 10_000,
  dataDir = process.env.E2E_DATA_DIR ?? '',
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = await findMailTo(email, dataDir);
    const link = mail?.match(/https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No verification mail to ${email} in the outbox within ${timeoutMs} ms`);
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
