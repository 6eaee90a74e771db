#!/usr/bin/env node
// A built Nocturne, started and used as a person would: one process on a fresh data folder, a
// sign-up verified through the mail it writes, the daily credits, one generated image downloaded.
// CI runs it on the second Node line the project supports (README); operators can run it after an
// upgrade. Usage: node scripts/smoke.mjs [--port 3900]
// It exits non-zero naming the step that failed, and prints the server's log tail with it.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { port: { type: 'string', default: '3900' } } });
const port = Number(values.port);
const baseUrl = `http://localhost:${port}`;
const STEP_TIMEOUT_MS = 60_000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-smoke-'));
const serverLog = [];
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.on('data', (chunk) => serverLog.push(String(chunk)));
}

async function step(name, run) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    try {
      const result = await run();
      console.log(`ok: ${name}`);
      return result;
    } catch (error) {
      if (Date.now() > deadline || server.exitCode !== null) {
        throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function call(pathname, init = {}) {
  const response = await fetch(`${baseUrl}${pathname}`, { redirect: 'manual', ...init });
  if (response.status >= 400)
    throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

/** nodemailer writes quoted-printable bodies: soft breaks and =XX escapes. */
async function readVerificationLink(email) {
  const mailDir = path.join(dataDir, 'mail');
  for (const file of await readdir(mailDir)) {
    const raw = (await readFile(path.join(mailDir, file), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    if (!raw.includes(email)) continue;
    const link = raw.match(/https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email\?[^\s"'<>]+/)?.[0];
    if (link) return link.replace(/&amp;/g, '&');
  }
  throw new Error('no verification mail yet');
}

async function smoke() {
  await step(`server answers on ${baseUrl} (Node ${process.version})`, () => call('/health'));
  const email = `smoke-${Date.now()}@example.test`;
  const json = { 'content-type': 'application/json', origin: baseUrl };
  await step('sign up', () =>
    call('/api/auth/sign-up/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'Smoke Test',
        email,
        password: 'correct-horse-battery',
        ageConfirmed: true,
      }),
    }),
  );
  const link = await step('verification mail written', () => readVerificationLink(email));
  await step('verify the address', () => call(new URL(link).pathname + new URL(link).search));
  const signIn = await step('sign in', () =>
    call('/api/auth/sign-in/email', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: 'correct-horse-battery' }),
    }),
  );
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { token } = await (await call('/api/auth/token', { headers: { cookie } })).json();
  const api = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await step('claim the daily credits', () =>
    call('/api/v1/credits/request-daily', { method: 'POST', headers: api }),
  );
  const submitted = await step('submit a prompt', () =>
    call('/api/v1/generate', {
      method: 'POST',
      headers: api,
      body: JSON.stringify({ source_prompt: '', content_prompt: 'a lighthouse at dusk' }),
    }),
  );
  const { requestId } = await submitted.json();
  const generation = await step('the image completes', async () => {
    const response = await call(`/api/v1/generations/${requestId}`, { headers: api });
    const body = await response.json();
    if (body.status === 'failed') throw new Error(`failed: ${body.error}`);
    if (body.status !== 'completed') throw new Error(`status ${body.status}`);
    return body;
  });
  await step('the image downloads as a PNG', async () => {
    const image = new URL(generation.result_image_url, baseUrl);
    const response = await call(image.pathname + image.search, { headers: api });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[1] !== 0x50 || bytes[2] !== 0x4e || bytes[3] !== 0x47) throw new Error('not a PNG');
  });
}

let failure;
try {
  await smoke();
} catch (error) {
  failure = error;
}
server.kill('SIGTERM');
await new Promise((resolve) =>
  server.exitCode === null ? server.once('exit', resolve) : resolve(),
);
await rm(dataDir, { recursive: true, force: true });
if (failure) {
  console.error(`smoke failed: ${failure.message}\n--- server log (tail) ---`);
  console.error(serverLog.join('').split('\n').slice(-40).join('\n'));
  process.exit(1);
}
console.log(`smoke passed on Node ${process.version}`);
