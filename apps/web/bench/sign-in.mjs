// A verified, signed-in user over HTTP, as a browser would: sign up, follow the mailed link, sign in.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PASSWORD = 'bench horse battery staple';

function verificationLink(dataDir, email) {
  const mailDir = path.join(dataDir, 'mail');
  for (const file of readdirSync(mailDir).filter((name) => name.endsWith('.eml'))) {
    const raw = readFileSync(path.join(mailDir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.includes(`To: ${email}`)) continue;
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(raw)?.[0];
    if (link) return link;
  }
  throw new Error(`no verification mail for ${email} in ${mailDir}`);
}

async function post(url, pathname, body) {
  const response = await fetch(`${url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

/** Returns the session cookie header of a new verified user. */
export async function signInNewUser({ url, dataDir }) {
  const email = `bench-${Date.now()}@example.com`;
  await post(url, '/api/auth/sign-up/email', {
    name: 'Bench User',
    email,
    password: PASSWORD,
    ageConfirmed: true,
  });
  const link = new URL(verificationLink(dataDir, email));
  await fetch(`${url}${link.pathname}${link.search}`, { redirect: 'manual' });
  const response = await post(url, '/api/auth/sign-in/email', { email, password: PASSWORD });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
