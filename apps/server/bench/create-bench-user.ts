import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Signs a person up through the real auth endpoints, follows the mailed link and returns an API
 * token (test/auth-flow.ts does the same, but it pulls in vitest, which cannot load outside it).
 */
export async function createBenchUser(options: {
  app: FastifyInstance;
  dataDir: string;
  publicUrl: string;
  email: string;
}): Promise<{ token: string; userId: string }> {
  const { app, email } = options;
  const headers = { origin: options.publicUrl, host: new URL(options.publicUrl).host };
  const password = 'bench horse battery staple';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { name: 'Bench', email, password, ageConfirmed: true },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const link = await readVerificationLink(path.join(options.dataDir, 'mail'), email);
  const verify = new URL(link);
  await app.inject({ method: 'GET', url: verify.pathname + verify.search });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  const token = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  return {
    token: token.json<{ token: string }>().token,
    userId: signIn.json<{ user: { id: string } }>().user.id,
  };
}

async function readVerificationLink(mailDir: string, email: string): Promise<string> {
  for (const file of (await readdir(mailDir)).filter((name) => name.endsWith('.eml'))) {
    // Quoted-printable: soft line breaks and =XX escapes.
    const raw = (await readFile(path.join(mailDir, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.includes(`To: ${email}`)) continue;
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(raw)?.[0];
    if (link) return link;
  }
  throw new Error(`no verification mail for ${email}`);
}
