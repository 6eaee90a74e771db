import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The configured secret when there is one; otherwise a random secret generated once and kept in
 * DATA_DIR/<fileName> (mode 0600), so what it signs survives restarts without any setup (the auth
 * secret: sessions and JWT keys; the simulator's IPN secret: signed payment notifications).
 */
export async function loadOrCreateSecret(options: {
  configured: string | undefined;
  dataDir: string;
  fileName: string;
}): Promise<string> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, options.fileName);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created the file meanwhile; then its secret wins.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
