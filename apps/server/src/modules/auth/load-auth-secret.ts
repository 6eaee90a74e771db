import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * BETTER_AUTH_SECRET when configured; otherwise a random secret generated once and kept in
 * DATA_DIR/auth-secret (mode 0600), so sessions and the encrypted JWT signing keys survive
 * restarts without any setup.
 */
export async function loadAuthSecret(options: {
  configured: string | undefined;
  dataDir: string;
}): Promise<string> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'auth-secret');
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
