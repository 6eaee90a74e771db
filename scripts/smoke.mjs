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
import { createSite, generateAndDownload, signUpVerifiedAndSignIn } from './person-journey.mjs';

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

const site = createSite(baseUrl, { timeoutMs: STEP_TIMEOUT_MS });

/** Runs one step of the journey, and says so once it passed. */
async function step(name, run) {
  try {
    const result = await run();
    console.log(`ok: ${name}`);
    return result;
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The outbox's mail to `email` (nodemailer's files in DATA_DIR/mail), once it is written. */
async function readMail(email) {
  const mailDir = path.join(dataDir, 'mail');
  for (const file of await readdir(mailDir).catch(() => [])) {
    const raw = await readFile(path.join(mailDir, file), 'utf8');
    if (raw.includes(email)) return raw;
  }
  return undefined;
}

async function smoke() {
  await step(`server answers on ${baseUrl} (Node ${process.version})`, () =>
    site.poll('/health', async () => {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      return (await fetch(`${baseUrl}/health`).catch(() => undefined))?.ok || undefined;
    }),
  );
  const email = `smoke-${Date.now()}@example.test`;
  const { authorization } = await step(
    'sign up, verify the address through its mail, sign in',
    () => signUpVerifiedAndSignIn(site, { email, password: 'correct-horse-battery', readMail }),
  );
  await step('claim the daily credits', () =>
    site.request('/api/v1/credits/request-daily', { method: 'POST', headers: { authorization } }),
  );
  await step('generate an image and download it as a PNG', () =>
    generateAndDownload(site, { authorization, prompt: 'a lighthouse at dusk' }),
  );
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
